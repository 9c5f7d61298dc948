// The payments module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { paymentsFromConfig } from './payments-setup.ts';
export type { SandboxWebhookDelivery } from './payments-setup.ts';
export { paymentView, paymentsRoutes } from './payments.routes.ts';
export type { CardRow, PayRequest, PaymentRow, Payments } from './payments.service.ts';
export { sandboxPayRoutes } from './sandbox/sandbox-pay.routes.ts';
export type { SandboxPay } from './sandbox/sandbox-pay.ts';
