// The auth module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { Accounts, toMember } from './accounts.service.ts';
export { authRoutes } from './auth.routes.ts';
export { Sessions } from './sessions.ts';
export type { MemberRow } from './sessions.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { hmac, randomCode, randomToken, sameHex, sameText, sha256 } from './tokens.ts';
