export * from './mail.ts';
export * from './members.ts';
export * from './promotions.ts';
export * from './awards.ts';
export * from './trackings.ts';
export * from './payments.ts';
export * from './cards.ts';
export * from './storefront.ts';
