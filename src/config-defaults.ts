// The built-in plans and model catalog: what a server runs with when the config file says nothing.
// The file's `plans` and `models` are merged over these (config.ts); the domain owns their types.
import type { PlanName } from './ports/account-store.ts';
import type { ModelEntry, Plan } from './domain/models/catalog-types.ts';

export const DEFAULT_MODELS: ModelEntry[] = [
  { id: 'colloquy-extractive', name: 'Colloquy extractive (offline)', provider: 'extractive', credits: 1 },
  {
    id: 'gpt-4o-mini',
    name: 'GPT-4o mini',
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    apiKeyEnv: 'OPENAI_API_KEY',
    model: 'gpt-4o-mini',
    credits: 2,
  },
  {
    id: 'gpt-4o',
    name: 'GPT-4o',
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    apiKeyEnv: 'OPENAI_API_KEY',
    model: 'gpt-4o',
    credits: 10,
  },
];

export const DEFAULT_PLANS: Record<PlanName, Plan> = {
  free: {
    requestsPerMinute: 10,
    storageLimit: 400_000,
    crawlPageLimit: 20,
    monthlyCredits: 100,
    models: ['colloquy-extractive'],
  },
  starter: {
    requestsPerMinute: 60,
    storageLimit: 2_000_000,
    crawlPageLimit: 200,
    monthlyCredits: 2_000,
    models: ['colloquy-extractive', 'gpt-4o-mini'],
  },
  pro: {
    requestsPerMinute: 300,
    storageLimit: 10_000_000,
    crawlPageLimit: 1_000,
    monthlyCredits: 10_000,
    models: ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o'],
  },
  business: {
    requestsPerMinute: 1_000,
    storageLimit: 50_000_000,
    crawlPageLimit: 5_000,
    monthlyCredits: 50_000,
    models: ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o'],
  },
};
