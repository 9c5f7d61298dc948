import type { FeatureModule } from '../../lib/page-module.ts';
import { homePage } from './home-page.tsx';

export const pages: FeatureModule['pages'] = { home: homePage };
