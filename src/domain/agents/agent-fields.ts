import type { CatalogConfig } from '../models/catalog-types.ts';
import type { ClientTool } from '../../ports/agent-store.ts';
import type { PlanName } from '../../ports/account-store.ts';
import type { HandoffHours } from '../../ports/handoff-hours.ts';
import { AppError, invalidBody, type ValidationList } from '../errors.ts';
import { findModel, modelAvailability } from '../models/catalog.ts';
import type { ChatModels } from '../../ports/chat-model.ts';
import { Ajv } from 'ajv';
import { canonicalHours, checkHours } from '../handoff/team-hours.ts';
import { unstorableTextIn } from '../../text/storable-text.ts';

/** Compiles a tool's parameters to prove they are a JSON Schema a model endpoint will accept. Made
 * with the first tools checked: built at import (ajv compiles its meta-schemas), it cost every
 * process importing this module, each CLI command included, some 25 ms of CPU. */
let schemaChecker: Ajv | undefined;

// Bounds for the fields SPEC leaves open; the HTTP schemas repeat them for the OpenAPI document.
export const AGENT_NAME_MAX = 100;
export const AGENT_INSTRUCTIONS_MAX = 10_000;
export const AGENT_HELP_MESSAGE_MAX = 2_000;

/** A help message of one's own: not blank, at most AGENT_HELP_MESSAGE_MAX characters. */
export const isHelpMessageAllowed = (text: string): boolean =>
  text.trim().length > 0 && text.length <= AGENT_HELP_MESSAGE_MAX;
export const AGENT_TOOLS_MAX = 32;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export interface AgentFields {
  name?: string;
  model?: string;
  instructions?: string;
  tools?: ClientTool[];
  /** A visitor who writes that they want a person hands the conversation to people. */
  handoffEnabled?: boolean;
  /** When the account's people answer (null: at any time). */
  handoffHours?: HandoffHours | null;
  /** Added to a reply the moderator answered with care; null: the default text. */
  helpMessage?: string | null;
}

/** Checks the fields an operator or a client may set; throws INVALID_BODY with a list by field,
 * or MODEL_NOT_AVAILABLE when a known model is not on the account's plan or cannot run here. */
export function checkAgentFields(
  fields: AgentFields,
  models: { catalog: CatalogConfig; chatModels: ChatModels },
  plan: PlanName,
): AgentFields {
  const { catalog } = models;
  const list: ValidationList = {};
  const name = fields.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > AGENT_NAME_MAX))
    list.name = [`must be 1 to ${AGENT_NAME_MAX} characters`];
  if (fields.instructions !== undefined && fields.instructions.length > AGENT_INSTRUCTIONS_MAX)
    list.instructions = [`must be at most ${AGENT_INSTRUCTIONS_MAX} characters`];
  if (typeof fields.helpMessage === 'string' && !isHelpMessageAllowed(fields.helpMessage))
    list.helpMessage = [`must be 1 to ${AGENT_HELP_MESSAGE_MAX} characters, or null for the default text`];
  if (fields.model !== undefined && !findModel(catalog, fields.model))
    list.model = ['is not a model in the catalog (see GET /models)'];
  if (fields.tools !== undefined) {
    const problems = checkTools(fields.tools);
    if (problems.length > 0) list.tools = problems;
  }
  if (fields.handoffHours) Object.assign(list, checkHours(fields.handoffHours));
  if (Object.keys(list).length > 0) throw invalidBody(list);
  const availability =
    fields.model === undefined ? null : modelAvailability(catalog, models.chatModels, plan, fields.model);
  if (availability && !availability.available)
    throw new AppError('MODEL_NOT_AVAILABLE', `The model "${fields.model}" is not available: ${availability.reason}.`);
  return {
    ...fields,
    ...(name !== undefined && { name }),
    ...(fields.handoffHours && { handoffHours: canonicalHours(fields.handoffHours) }),
  };
}

function checkTools(tools: unknown): string[] {
  if (!Array.isArray(tools)) return ['must be an array of {name, description, parameters}'];
  if (tools.length > AGENT_TOOLS_MAX) return [`must have at most ${AGENT_TOOLS_MAX} tools`];
  const problems: string[] = [];
  const seen = new Set<string>();
  tools.forEach((tool: Partial<ClientTool> | null, index) => {
    if (typeof tool !== 'object' || tool === null) return void problems.push(`[${index}] must be an object`);
    if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name))
      problems.push(`[${index}].name must be 1 to 64 letters, digits, _ or -`);
    else if (seen.has(tool.name)) problems.push(`[${index}].name "${tool.name}" is used twice`);
    else seen.add(tool.name);
    if (typeof tool.description !== 'string' || tool.description.length > 1024)
      problems.push(`[${index}].description must be a string of at most 1024 characters`);
    // The HTTP validator refuses such text in a body; a CLI tools file reaches here unchecked.
    const unstorable = unstorableTextIn(tool);
    if (unstorable) problems.push(`[${index}] ${unstorable}`);
    const parameters = tool.parameters as Record<string, unknown> | undefined;
    if (
      typeof parameters !== 'object' ||
      parameters === null ||
      Array.isArray(parameters) ||
      parameters.type !== 'object'
    ) {
      problems.push(`[${index}].parameters must be a JSON Schema object with "type": "object"`);
    } else if (!(schemaChecker ??= new Ajv({ strict: false, validateSchema: true })).validateSchema(parameters)) {
      problems.push(
        `[${index}].parameters is not a valid JSON Schema: ${schemaChecker.errorsText(schemaChecker.errors)}`,
      );
    }
  });
  return problems;
}
