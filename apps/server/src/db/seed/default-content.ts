import type { LanguagePack, PublicContentKey } from '@portal/contracts';
import en from './content/en.json';
import es from './content/es.json';
import fr from './content/fr.json';
import pt from './content/pt.json';
import zh from './content/zh.json';

/** The product's own texts, used wherever a facility has not written its own. */
export const DEFAULT_CONTENT: Record<LanguagePack, Partial<Record<PublicContentKey, string>>> = { en, es, fr, pt, zh };
