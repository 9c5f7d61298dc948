import { Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useCallback } from 'react';
import { SEARCH_ALLIANCES } from '../../../core/awards/search.ts';
import type { AuditEntry, LiveSettings } from '../../../core/staff.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { ChangesPanel } from './changes.tsx';
import { staffApi } from './staff-api.ts';

const SWITCHES = [
  'awardSearchMaintenance',
  'assistantMaintenance',
  'storefrontMaintenance',
] as const;

/** /admin/settings: the live maintenance switches (docs/staff.md#live-settings), with their recent changes. */
export function StaffSettingsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const { t: awards } = useTranslation('awards');
  const { member } = useAuth();
  const load = useCallback(async (): Promise<{ settings: LiveSettings; changes: AuditEntry[] }> => {
    const [settings, changes] = await Promise.all([
      staffApi.settings(),
      staffApi.audit({ subject: 'setting:' }),
    ]);
    return { settings, changes: changes.slice(0, 10) };
  }, []);
  const { data, forbidden, busy, act } = useStaffData(load, member !== null, 'staff');
  const change = (key: string, changes: Partial<LiveSettings>) =>
    void act(key, () => staffApi.changeSettings(changes));
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('forbidden')}
        >
          {({ settings, changes }) => (
            <Stack gap="lg" data-testid="staff-settings">
              <Text size="sm" c="dimmed">
                {t('settings.intro')}
              </Text>
              <Paper withBorder radius="md" p="md">
                <Stack gap="md">
                  {SWITCHES.map((key) => (
                    <Switch
                      key={key}
                      label={t(`settings.${key}`)}
                      checked={settings[key]}
                      disabled={busy !== null}
                      onChange={(event) => change(key, { [key]: event.currentTarget.checked })}
                      data-testid={`setting-${key}`}
                    />
                  ))}
                  <Checkbox.Group
                    label={t('settings.allianceMaintenance')}
                    value={[...settings.allianceMaintenance]}
                    onChange={(value) =>
                      change('alliances', {
                        allianceMaintenance: SEARCH_ALLIANCES.filter((one) => value.includes(one)),
                      })
                    }
                  >
                    <Group mt="xs">
                      {SEARCH_ALLIANCES.map((alliance) => (
                        <Checkbox
                          key={alliance}
                          value={alliance}
                          label={awards(`alliances.${alliance}`)}
                          disabled={busy !== null}
                          data-testid={`setting-alliance-${alliance}`}
                        />
                      ))}
                    </Group>
                  </Checkbox.Group>
                </Stack>
              </Paper>
              <ChangesPanel changes={changes} title={t('settings.recent')} />
            </Stack>
          )}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
