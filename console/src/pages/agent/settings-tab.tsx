// The agent's settings tab: its name, model and instructions, its client tools, handing over to
// people, and deleting it.
import { Divider, Stack, Title } from '@mantine/core';
import type { Agent } from '../../api/types.ts';
import { AgentSettingsForm } from '../../components/account/agent-settings-form.tsx';
import { ClientToolsForm } from '../../components/account/client-tools-form.tsx';
import { HandoffSettingsForm } from '../../components/account/handoff-settings-form.tsx';
import { TeamHoursForm } from '../../components/account/team-hours-form.tsx';
import { DeleteAgentSection } from '../../components/account/delete-agent-section.tsx';

export function SettingsTab({ agent }: { agent: Agent }) {
  return (
    <Stack gap="xl" maw={800}>
      <section aria-labelledby="agent-details-title">
        <Title order={3} id="agent-details-title" mb="sm">
          Details
        </Title>
        <AgentSettingsForm key={agent.id} agent={agent} />
      </section>
      <Divider />
      <section aria-labelledby="client-tools-title">
        <Title order={3} id="client-tools-title" mb="sm">
          Client tools
        </Title>
        <ClientToolsForm key={agent.id} agent={agent} />
      </section>
      <Divider />
      <section aria-labelledby="handoff-title">
        <Title order={3} id="handoff-title" mb="sm">
          Handoff to a person
        </Title>
        <HandoffSettingsForm key={agent.id} agent={agent} />
        <Title order={4} mt="lg" mb="sm">
          Team hours
        </Title>
        <TeamHoursForm key={`hours-${agent.id}`} agent={agent} />
      </section>
      <Divider />
      <DeleteAgentSection agent={agent} />
    </Stack>
  );
}
