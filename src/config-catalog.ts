// The model catalog and the plans: the built-in ones merged with the file's, checked against each other.
import type { Static } from 'typebox';
import type { PlanName } from './ports/account-store.ts';
import type { CatalogConfig, ModelEntry, Plan } from './domain/models/catalog-types.ts';
import { DEFAULT_MODELS, DEFAULT_PLANS } from './config-defaults.ts';
import type { FileConfig, ModelSchema } from './config-schema.ts';
import { ConfigError } from './config-error.ts';
import { checkEndpointUrl } from './config-endpoint-url.ts';
import { FINER_THAN_THOUSANDTHS, LARGEST_CREDIT, isWholeThousandths } from './domain/credits/units.ts';

// The schema parses into the domain's type (a compile-time check).
type _ModelSchemaFits<T extends ModelEntry = Static<typeof ModelSchema>> = T;

/** `extractive`: the built-in offline answerer; `openai`: any OpenAI-compatible Chat Completions endpoint. */
export const CHAT_PROVIDERS = ['extractive', 'openai'];

/** Credits are counted in thousandths: a price or an allowance with a finer part would be charged
 * or granted rounded (a chat answering usage.credits 0.0005 while 0.001 was taken). */
function checkCredits(field: string, credits: number): void {
  if (credits > LARGEST_CREDIT) throw new ConfigError(`${field} must be at most ${LARGEST_CREDIT}, got ${credits}`);
  if (!isWholeThousandths(credits)) throw new ConfigError(`${field} ${FINER_THAN_THOUSANDTHS}, got ${credits}`);
}

/** The model catalog (the built-in entries, replaced or extended by the file's, by id) and the plans
 * (the file's fields over the defaults, "*" resolved), checked against each other. */
export function resolveCatalog(file: FileConfig): CatalogConfig {
  const fileIds = new Set<string>();
  for (const model of file.models ?? []) {
    if (fileIds.has(model.id)) throw new ConfigError(`models: the id "${model.id}" appears twice`);
    fileIds.add(model.id);
  }
  const builtIn = file.defaultModels === false ? [] : DEFAULT_MODELS;
  const fileEntry = (id: string) => file.models?.find((model) => model.id === id);
  const models = [
    ...builtIn.map((model) => fileEntry(model.id) ?? model),
    ...(file.models ?? []).filter((model) => !builtIn.some((b) => b.id === model.id)),
  ];
  if (models.length === 0)
    throw new ConfigError('models: the catalog is empty (defaultModels is false and models lists nothing)');
  for (const model of models) {
    if (!CHAT_PROVIDERS.includes(model.provider))
      throw new ConfigError(
        `models: "${model.id}" names the provider "${model.provider}"; known providers are ${CHAT_PROVIDERS.join(', ')}`,
      );
    if (model.provider === 'openai' && !model.baseUrl)
      throw new ConfigError(`models: "${model.id}" (provider openai) needs a baseUrl`);
    if (model.baseUrl !== undefined) checkEndpointUrl(`models: "${model.id}" baseUrl`, model.baseUrl);
    checkCredits(`models: "${model.id}" credits`, model.credits);
  }
  const ids = models.map((model) => model.id);
  const plans = {} as Record<PlanName, Plan>;
  // Every plan has a default, so the defaults name them all.
  for (const name of Object.keys(DEFAULT_PLANS) as PlanName[]) {
    const { models: listed, ...limits } = file.plans?.[name] ?? {};
    const planModels = listed === '*' ? ids : (listed ?? DEFAULT_PLANS[name].models);
    if (planModels.length === 0)
      throw new ConfigError(`plans.${name}.models must list at least one model (or be "*", every model)`);
    for (const id of planModels) {
      if (ids.includes(id)) continue;
      const hint =
        listed === undefined && file.defaultModels === false
          ? `; plans.${name}.models is the default list, which names built-in models: list this plan's models (or "*")`
          : '';
      throw new ConfigError(
        `plans.${name}.models names "${id}", which is not in models (the catalog has ${ids.join(', ')})${hint}`,
      );
    }
    if (limits.monthlyCredits !== undefined) checkCredits(`plans.${name}.monthlyCredits`, limits.monthlyCredits);
    plans[name] = { ...DEFAULT_PLANS[name], ...limits, models: planModels };
  }
  return { models, plans };
}
