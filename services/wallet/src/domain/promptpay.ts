// A PromptPay QR payload as Thai banking apps read it: EMVCo merchant-presented QR (tag-length-
// value fields) with the PromptPay application id, the amount in baht and a CRC16-CCITT checksum.
// Used by the simulated provider (ARCHITECTURE §8), so the QR a developer sees is a genuine one.

const PROMPTPAY_AID = 'A000000677010111';
const THAILAND = 'TH';
const THB_NUMERIC = '764';

/** Which PromptPay proxy an account id is: mobile (tag 01), national/tax id (02) or e-wallet (03). */
export interface PromptPayTarget {
  tag: '01' | '02' | '03';
  value: string;
}

/**
 * A phone number becomes 0066 + the number without its leading 0, padded to 13 digits; a 13-digit
 * national or tax id and a 15-digit e-wallet id are used as they are. Anything else is null.
 */
export function normalisePromptPayId(id: string): PromptPayTarget | null {
  const digits = id.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 15) return { tag: '03', value: digits };
  if (digits.length === 13) return { tag: '02', value: digits };
  if (digits.length === 10 && digits.startsWith('0')) return { tag: '01', value: `0066${digits.slice(1)}` };
  return null;
}

function field(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${tag} is too long`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as EMVCo QR specifies for tag 63. */
export function crc16ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/**
 * The payload for paying `amountThb` baht to `promptPayId`. With an amount the QR is dynamic
 * (point of initiation 12: one payment); without one it is static (11).
 */
export function promptPayPayload(promptPayId: string, amountThb?: number): string {
  const target = normalisePromptPayId(promptPayId);
  if (!target) throw new RangeError('Invalid PromptPay id');
  if (amountThb !== undefined && !(Number.isFinite(amountThb) && amountThb > 0)) throw new RangeError('Invalid amount');
  const body = [
    field('00', '01'),
    field('01', amountThb === undefined ? '11' : '12'),
    field('29', field('00', PROMPTPAY_AID) + field(target.tag, target.value)),
    field('58', THAILAND),
    field('53', THB_NUMERIC),
    amountThb === undefined ? '' : field('54', amountThb.toFixed(2)),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16ccitt(withCrcTag).toString(16).toUpperCase().padStart(4, '0');
}
