import { UNSAFE_ErrorResponseImpl as ErrorResponse, isRouteErrorResponse } from 'react-router';
import type { ClientConfig, SiteVariant } from '../../core/client-config.ts';
import type { Language, MoneyCurrency } from '../../core/locale.ts';

/** Ids of the JSON elements the server writes into the page for the browser to start from. */
export const BOOT_ELEMENT_ID = 'boot-state';
export const HYDRATION_ELEMENT_ID = 'router-data';

/**
 * What the server tells the browser about the page it rendered, so the browser starts from the
 * same state: the same language, currency, host variant and settings give the same markup.
 */
export interface BootState {
  config: ClientConfig;
  language: Language;
  moneyCurrency: MoneyCurrency;
  variant: SiteVariant;
  isMobile: boolean;
  /** True when the address carried `?lang=`: the page's canonical address names its language. */
  languageInAddress: boolean;
  /** The server's date (YYYY-MM-DD, UTC) when it rendered: forms start from it, then take the browser's own. */
  today: string;
}

/** The router's data for the page, as the browser's router takes it to hydrate without loading again. */
export interface RouterData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

/** Route errors in a form JSON keeps: a 404 answer stays a 404 answer, an exception keeps its message only. */
export function serializeRouterData(data: RouterData): RouterData {
  if (!data.errors) return data;
  const errors: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(data.errors)) {
    errors[routeId] = isRouteErrorResponse(error)
      ? {
          __type: 'RouteErrorResponse',
          status: error.status,
          statusText: error.statusText,
          data: error.data as unknown,
        }
      : { __type: 'Error', message: 'The page could not be shown.' };
  }
  return { ...data, errors };
}

/** The router's data written by the server, or null when the page was not rendered there. */
export function readHydrationData(value: unknown): RouterData | null {
  if (!value || typeof value !== 'object' || !('loaderData' in value)) return null;
  const data = value as RouterData;
  if (!data.errors) return data;
  const errors: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(data.errors as Record<string, SerializedError>)) {
    errors[routeId] =
      error.__type === 'RouteErrorResponse'
        ? new ErrorResponse(error.status, error.statusText, error.data)
        : new Error(error.message);
  }
  return { ...data, errors };
}
