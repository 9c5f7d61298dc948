import type { FeatureModule } from '../../lib/page-module.ts';
import { AssistantPage } from './assistant-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['assistant'];

/** The assistant (docs/assistant.md): /asktripplus. */
export const pages: FeatureModule['pages'] = {
  assistant: AssistantPage,
};
