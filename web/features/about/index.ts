import type { FeatureModule } from '../../lib/page-module.ts';
import { AboutPage } from './about-page.tsx';

export const pages: FeatureModule['pages'] = { aboutUs: AboutPage };
