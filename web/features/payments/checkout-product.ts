import type { ComponentType, Dispatch, ReactNode, SetStateAction } from 'react';
import type { PaymentView } from '../../../core/payments/payment-view.ts';
import type { PageLoader } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import type { BillingDetails, FieldErrors } from './billing-fields.tsx';
import type { CheckoutDraftBase, DraftStore } from './checkout-draft.ts';

/**
 * What a product sold through the one checkout (checkout.tsx) gives each step: its fields and
 * summary, its price and pay call, and its receipt. Hooks, so a product reads its own data.
 */

/** The payer's part of the details step, which the product's part reads and fills (a draft restored). */
export interface CheckoutForm {
  details: BillingDetails;
  setDetails: Dispatch<SetStateAction<BillingDetails>>;
  errors: FieldErrors;
  /** For a refusal the server gives after the form's own checks (the cap reached). */
  setErrors: (errors: FieldErrors) => void;
}

/** The product's part of step 1. */
export type DetailsPart =
  | { nothing: true; reason?: string }
  | {
      nothing?: false;
      /** Shown instead of the form (the member already has what is sold). */
      instead?: ReactNode;
      /** Fields above the payer's: what and how many, and for which account. */
      before?: ReactNode;
      /** Fields after the payer's name and e-mail (a company and its tax id). */
      afterPayer?: ReactNode;
      side: ReactNode;
      /** Adds the product's field problems to the payer's. */
      check(found: FieldErrors): void;
      /**
       * Saves the draft for the next step, pricing the order on the server if the product does;
       * the confirmation step's address, or null to stay (a refusal it has shown).
       */
      proceed(card: NonNullable<CheckoutDraftBase['card']>): Promise<string | null>;
    };

/** The product's part of step 2, for the draft step 1 saved. */
export type ConfirmPart =
  | { nothing: true }
  | {
      nothing?: false;
      /** Above the payer: how long the price holds, a first purchase's review. */
      above?: ReactNode;
      payer: BillingDetails;
      /** The amount on the pay button, formatted; null while it loads. */
      amount: string | null;
      side: ReactNode;
      /** The terms' sentence (product namespace, with a <terms> link) and where the terms are. */
      terms: { key: string; path: string };
      /** Where "change" and a refused payment go: step 1, as it was filled in. */
      detailsPath: string;
      pay(): Promise<PaymentView>;
      /** The query that names what is bought on the payment and complete steps. */
      reference(payment: PaymentView): string;
      /** A refusal the product knows (its price ran out), as a notice; null when it is not one. */
      refusal?(error: unknown): { title: string; message: string } | null;
    };

/** A product sold through the checkout. */
export interface CheckoutProduct<Draft extends CheckoutDraftBase> {
  /** The checkout's address; the steps are `confirm`, `payment` and `complete` below it. */
  basePath: string;
  /** Catalog namespace of the product's words (`checkout.nothing` and `checkout.start` at least). */
  namespace: 'payments' | 'storefront' | 'shop';
  /** Where a step opened without its checkout sends the visitor. */
  startPath: string;
  /** Step 1's data from the server (what is sold), if the product has any. */
  loader?: PageLoader<unknown>;
  useDetails(form: CheckoutForm, drafts: DraftStore<Draft>): DetailsPart;
  useConfirm(draft: Draft, drafts: DraftStore<Draft>): ConfirmPart;
  /**
   * The confirmation step opened where this tab has no draft (a link opened in another tab): where
   * the order named in its address stands now, as the step to go on to; null for none.
   */
  resume?(params: URLSearchParams): Promise<string | null>;
  /** Where a failed payment's "try again" goes. */
  againPath(payment: PaymentView): string;
  /** Step 4: the outcome and the receipt; `reference` is the query the confirmation step gave. */
  Complete: ComponentType<{ page: PageDef; params: URLSearchParams }>;
}
