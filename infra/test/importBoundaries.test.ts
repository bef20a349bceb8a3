// The import boundaries ESLint enforces (eslint.config.mjs → infra/eslint/importBoundaries.cjs):
// each refuses what it should and lets the house's ordinary imports through.
import path from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

const importBoundaries = require('../eslint/importBoundaries.cjs') as Rule.RuleModule;
const root = path.resolve(__dirname, '../..');
const at = (file: string, code: string) => ({ code, filename: path.join(root, file) });
const refused = (file: string, code: string, message: RegExp) => ({ ...at(file, code), errors: [{ message }] });

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('import-boundaries', importBoundaries, {
  valid: [
    at('services/wallet/src/data/models.ts', "import mongoose from 'mongoose';"),
    at('packages/service-kit/src/bus/outbox.ts', "import { Schema } from 'mongoose';"),
    at('packages/service-kit/src/testing/index.ts', "import mongoose from 'mongoose';"),
    at('services/chat/test/support/harness.ts', "import mongoose from 'mongoose';"),
    at('mf-chat/src/features/chat-room/components/ChatPage.tsx', "import { PERSONA_TEXT } from '../../personas';"),
    at('mf-chat/src/features/chat-room/components/ChatPage.tsx', "import { CHAT_TEXT } from '../messages';"),
    at('mf-wallet/src/features/top-up/TopUpPanel.tsx', "import { coinsText } from '../../shared/messages';"),
    at('mf-news/src/pages/NewsPage.tsx', "import { LatestNews } from '../features/news/components/LatestNews';"),
    at('mf-admin/src/App.tsx', "import { useSession } from '@lakorn/shell-sdk';"),
    at('packages/ui/src/components/AdminNoAccess.tsx', "import { ADMIN_PAGES } from '@lakorn/contracts/web';"),
    at('packages/ui/src/index.ts', "export { Button } from './components/Button';"),
  ],
  invalid: [
    refused('services/wallet/src/domain/ledger.ts', "import mongoose from 'mongoose';", /^mongoose is imported only under/),
    refused('services/chat/src/routes/chats.ts', "import type { Connection } from 'mongoose';", /^mongoose is imported only under/),
    refused('packages/service-kit/src/runtime.ts', "const mongoose = require('mongoose');", /^mongoose is imported only under/),
    refused('gateway/src/app.ts', "export { Types } from 'mongoose';", /^mongoose is imported only under/),
    refused('mf-chat/src/features/chat-room/ChatPage.tsx', "import { PersonaPicker } from '../personas/components/PersonaPicker';", /features\/chat-room may not reach into features\/personas/),
    refused('shell/src/features/profile/ProfilePage.tsx', "import { AUTH_TEXT } from '../auth/messages';", /features\/profile may not reach into features\/auth/),
    refused('mf-news/src/features/news/api.ts', "export * from '../checkin/api';", /features\/news may not reach into features\/checkin/),
    refused('mf-wallet/src/App.tsx', "import { ChatPage } from '../../mf-chat/src/features/chat-room/components/ChatPage';", /^mf-wallet may not import mf-chat/),
    refused('mf-admin/src/App.tsx', "import { AuthGate } from '../../shell/src/features/auth/AuthGate';", /^mf-admin may not import shell/),
    refused('mf-discover/src/App.tsx', "const chat = import('@lakorn/mf-chat/src/App');", /^mf-discover may not import mf-chat/),
    refused('shell/src/App.tsx', "import App from '../../mf-news/src/App';", /^shell may not import mf-news/),
    refused('packages/ui/src/standalone.tsx', "import { AppProviders } from '@lakorn/shell-sdk';", /^@lakorn\/ui imports no package of ours but @lakorn\/contracts/),
    refused('packages/ui/src/components/Avatar.tsx', "import { request } from '../../../shell-sdk/src/fetcher';", /^@lakorn\/ui imports no package of ours/),
  ],
});
