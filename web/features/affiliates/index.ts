import type { FeatureModule } from '../../lib/page-module.ts';
import { affiliatePage } from './affiliate-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['shop'];

/** The affiliate programme (docs/product/site.md#affiliates). */
export const pages: FeatureModule['pages'] = { affiliator: affiliatePage };
