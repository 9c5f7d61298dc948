export * from './promotions.ts';
