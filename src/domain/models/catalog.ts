import type { CatalogConfig, ModelEntry } from '../../config.ts';
import type { PlanName } from '../../ports/store.ts';

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

export interface PublicModel {
  id: string;
  name: string;
  provider: string;
  credits: number;
  available: boolean;
}

/** The catalog as a caller sees it: no base URLs or key variables, and whether their plan allows each. */
export function listModels(catalog: CatalogConfig, plan: PlanName): PublicModel[] {
  return catalog.models.map((model) => ({
    id: model.id,
    name: model.name ?? model.id,
    provider: model.provider,
    credits: model.credits,
    available: isModelOnPlan(catalog, plan, model.id),
  }));
}
