import type { CatalogConfig, ModelEntry } from './catalog-types.ts';
import type { PlanName } from '../../ports/account-store.ts';
import type { ChatModels } from '../../ports/chat-model.ts';

export function findModel(catalog: CatalogConfig, modelId: string): ModelEntry | undefined {
  return catalog.models.find((model) => model.id === modelId);
}

export function isModelOnPlan(catalog: CatalogConfig, plan: PlanName, modelId: string): boolean {
  return catalog.plans[plan].models.includes(modelId);
}

/** The model a new agent gets when none is named: the plan's first. */
export function defaultModelFor(catalog: CatalogConfig, plan: PlanName): string {
  return catalog.plans[plan].models[0] as string;
}

/** Whether an agent on this plan can use the model here, and if not, why (in words for a client). */
export type ModelAvailability = { available: true } | { available: false; reason: string };

export const NOT_CONFIGURED_REASON =
  'not configured on this server: the operator has not set the API key of its provider';

export function modelAvailability(
  catalog: CatalogConfig,
  chatModels: ChatModels,
  plan: PlanName,
  modelId: string,
): ModelAvailability {
  if (!isModelOnPlan(catalog, plan, modelId)) return { available: false, reason: `not on the ${plan} plan` };
  // The catalog lists it, but this server cannot run it (its key variable is unset).
  if (!chatModels.get(modelId)) return { available: false, reason: NOT_CONFIGURED_REASON };
  return { available: true };
}

export interface PublicModel {
  id: string;
  name: string;
  provider: string;
  credits: number;
  available: boolean;
  /** Present when `available` is false. */
  unavailableReason?: string;
}

/** The catalog as a caller sees it: no base URLs or key variables, and whether they can use each. */
export function listModels(catalog: CatalogConfig, chatModels: ChatModels, plan: PlanName): PublicModel[] {
  return catalog.models.map((model) => {
    const availability = modelAvailability(catalog, chatModels, plan, model.id);
    return {
      id: model.id,
      name: model.name ?? model.id,
      provider: model.provider,
      credits: model.credits,
      available: availability.available,
      ...(!availability.available && { unavailableReason: availability.reason }),
    };
  });
}
