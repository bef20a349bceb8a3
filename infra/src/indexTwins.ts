import { spawnSync } from 'node:child_process';

// ARCHITECTURE §2 "Indexes on FerretDB v1": FerretDB's PostgreSQL backend pushes an equality
// filter down as `_jsonb->'field' @> '<value>'`, and the btree expression indexes it makes for
// createIndex (and for every collection's `_id`) cannot serve `@>`, so every filtered read is a
// sequential scan. A GIN twin, `USING gin ((_jsonb->'field') jsonb_path_ops)`, serves it. The
// twins are PostgreSQL's business only: MongoDB serves the declared indexes themselves, and no
// query depends on a twin.
//
// Twins are made with `fastupdate = off`: GIN's pending list (the default) is scanned in full by
// every lookup until a vacuum merges it, which made a read by `_id` at 100 000 characters 30-60 ms
// instead of ~1 ms.
//
// Every btree index FerretDB makes gets a twin on its leading field (a compound index serves
// equality on its first field, as on MongoDB). An event trigger on CREATE INDEX makes the twin in
// the same transaction as FerretDB's own index, so collections and indexes created later are
// covered; creating an event trigger needs a superuser, so for other roles the runner reconciles
// at start instead (every existing index, idempotent). Both run from `ensureIndexTwins`.

/** The field a FerretDB index column is on: `(_jsonb -> 'chatId'::text)` → chatId. */
const FUNCTIONS_SQL = String.raw`
create or replace function public.lakorn_twin_field(def text) returns text
language sql immutable as $fn$
  select replace(substring(def from '^\(?_jsonb -> ''((?:[^'']|'''')*)''::text\)?$'), '''''', '''')
$fn$;

create or replace function public.lakorn_twin_index(idx oid) returns text
language plpgsql as $fn$
declare
  tbl_name text;
  nsp_name text;
  am_name text;
  field text;
  twin text;
begin
  select c.relname, n.nspname, a.amname into tbl_name, nsp_name, am_name
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class ic on ic.oid = i.indexrelid
    join pg_am a on a.oid = ic.relam
   where i.indexrelid = idx;
  if tbl_name is null or am_name <> 'btree' or tbl_name like '\_ferretdb%' then
    return null;
  end if;
  field := public.lakorn_twin_field(pg_get_indexdef(idx, 1, true));
  if field is null then
    return null;
  end if;
  twin := left(tbl_name, 40) || '_' || left(md5(field), 10) || '_gin';
  -- A twin that cannot be made must never fail FerretDB's own CREATE INDEX.
  begin
    execute format('create index if not exists %I on %I.%I using gin ((_jsonb -> %L) jsonb_path_ops) with (fastupdate = off)', twin, nsp_name, tbl_name, field);
    -- Twins made before fastupdate was turned off: their pending list is read in full by every
    -- lookup (30-60 ms at 100k documents, against ~1 ms), so it is merged and kept off.
    if not exists (select 1 from pg_class where oid = format('%I.%I', nsp_name, twin)::regclass and 'fastupdate=off' = any(coalesce(reloptions, '{}'))) then
      execute format('alter index %I.%I set (fastupdate = off)', nsp_name, twin);
      perform gin_clean_pending_list(format('%I.%I', nsp_name, twin)::regclass);
    end if;
  exception when others then
    raise warning 'lakorn: no GIN twin for %.% (%): %', nsp_name, tbl_name, field, sqlerrm;
    return null;
  end;
  return twin;
end
$fn$;

create or replace function public.lakorn_twin_on_create_index() returns event_trigger
language plpgsql as $fn$
declare
  r record;
begin
  for r in select objid from pg_event_trigger_ddl_commands() where object_type = 'index' loop
    perform public.lakorn_twin_index(r.objid);
  end loop;
end
$fn$;
`;

const TRIGGER_SQL = `
do $do$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'lakorn_gin_twins') then
    create event trigger lakorn_gin_twins on ddl_command_end when tag in ('CREATE INDEX')
      execute function public.lakorn_twin_on_create_index();
  end if;
end
$do$;
`;

/** Twins for every index FerretDB has made so far (tables with its `_jsonb` column). */
const RECONCILE_SQL = `
select count(public.lakorn_twin_index(i.indexrelid))
  from pg_index i
  join pg_class c on c.oid = i.indrelid
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
   and exists (select 1 from pg_attribute at where at.attrelid = c.oid and at.attname = '_jsonb' and not at.attisdropped);
`;

export interface IndexTwins {
  /** 'event trigger': twins are made as FerretDB creates indexes; 'reconcile': at start only. */
  mode: 'event trigger' | 'reconcile';
  /** Indexes that have a twin after the reconcile. */
  twinned: number;
}

function psql(url: string, sql: string): { ok: boolean; out: string; error: string } {
  // Notices ("already exists, skipping") stay out of the answer.
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', `set client_min_messages = warning; ${sql}`], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ok: run.status === 0, out: (run.stdout ?? '').trim(), error: (run.stderr ?? run.error?.message ?? '').trim() };
}

/**
 * Makes FerretDB's indexes usable by its pushed-down filters in the PostgreSQL database at `url`:
 * installs the twin functions, the event trigger when the role is a superuser, and twins every
 * index that exists. Idempotent; safe while FerretDB runs.
 */
export function ensureIndexTwins(url: string): IndexTwins {
  const functions = psql(url, FUNCTIONS_SQL);
  if (!functions.ok) throw new Error(`could not install the GIN twin functions in ${redactUrl(url)}: ${functions.error}`);
  const superuser = psql(url, 'select rolsuper from pg_roles where rolname = current_user').out === 't';
  let mode: IndexTwins['mode'] = 'reconcile';
  if (superuser) {
    const trigger = psql(url, TRIGGER_SQL);
    if (!trigger.ok) throw new Error(`could not create the GIN twin event trigger: ${trigger.error}`);
    mode = 'event trigger';
  }
  const reconciled = psql(url, RECONCILE_SQL);
  if (!reconciled.ok) throw new Error(`could not reconcile the GIN twins: ${reconciled.error}`);
  return { mode, twinned: Number(reconciled.out.split('\n').pop()) };
}

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
