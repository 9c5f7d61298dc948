// The staff module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { readAuditLog, recordChange, type Actor } from './audit-log.ts';
export { ContentRecords, KeptRecords, type SeedRecord } from './content-records.ts';
export { LiveSettingsStore } from './live-settings.ts';
export { staffConsoleRoutes } from './staff.routes.ts';
