import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dayOf } from '../../../core/dated.ts';
import { GuideRulesEditSchema, type StaffGuide } from '../../../core/guides/guide-edits.ts';
import type { ProgrammeRules } from '../../../core/guides/guide.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { ChangesPanel, LastChange } from './changes.tsx';
import { checkForm, SourceFields, useSubmit, type Errors } from './edit-form.tsx';
import { ProgrammeRulesForm } from './programme-rules-form.tsx';
import { staffApi } from './staff-api.ts';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import { useStaffData } from './use-staff-data.ts';

/** One programme's rules being edited, with the source and day they were read. */
function GuideEditor({ id, onSaved }: { id: string; onSaved: () => void }) {
  const { t } = useTranslation('staff');
  const [loaded, setLoaded] = useState<StaffGuide | null>(null);
  const [rules, setRules] = useState<ProgrammeRules | null>(null);
  const [source, setSource] = useState('');
  const [checked, setChecked] = useState(dayOf(new Date()));
  const [errors, setErrors] = useState<Errors>({});
  const { busy, saved, submit, message } = useSubmit(setErrors);
  const failed = useErrorPopup('staff');
  useEffect(() => {
    let current = true;
    setLoaded(null);
    staffApi
      .programme(id)
      .then((answer) => {
        if (!current) return;
        setLoaded(answer);
        setRules(answer.guide.rules);
        setErrors({});
      })
      .catch((error: unknown) => {
        if (current) void failed(error);
      });
    return () => {
      current = false;
    };
  }, [id, failed]);
  if (!loaded || !rules) return null;
  const { guide, onStorefront, changes } = loaded;
  const kindPath = guide.kind === 'hotel' ? 'hotelslib' : 'rewardslib';
  return (
    <Stack gap="md" data-testid="staff-programme">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between">
          <Text size="sm">{t('programmes.asOf', { day: guide.asOf })}</Text>
          <Anchor component={Link} to={`/${kindPath}/${guide.id}`} size="sm">
            {t('programmes.open')}
          </Anchor>
        </Group>
        <LastChange changes={changes} />
      </Paper>
      <ProgrammeRulesForm
        rules={rules}
        onStorefront={onStorefront}
        errors={errors}
        onChange={setRules}
      />
      <SourceFields
        source={source}
        checked={checked}
        errors={errors}
        onChange={(change) => {
          if (change.source !== undefined) setSource(change.source);
          if (change.checked !== undefined) setChecked(change.checked);
        }}
      />
      <Group>
        <Button
          loading={busy}
          data-testid="rules-save"
          onClick={() => {
            const edit = checkForm(
              GuideRulesEditSchema,
              { rules, source, checked },
              message,
              setErrors,
            );
            if (edit)
              void submit(async () => {
                const answer = await staffApi.editProgrammeRules(guide.id, edit);
                setLoaded(answer);
                setRules(answer.guide.rules);
                onSaved();
              });
          }}
        >
          {t('save')}
        </Button>
        {saved && (
          <Alert color="green" py={4}>
            {t('saved')}
          </Alert>
        )}
      </Group>
      <ChangesPanel changes={changes} />
    </Stack>
  );
}

/**
 * /admin/programmes: a programme's facts as its guide states them (purchase, validity, partner
 * fee, seat hold, stopover), to correct with the source and the day they were read (docs/staff.md#content).
 */
export function StaffProgrammesPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const { member } = useAuth();
  const load = useCallback(() => staffApi.programmes(), []);
  const { data, forbidden, reload } = useStaffData(load, member !== null, 'staff');
  const [id, setId] = useState<string | null>(null);
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('forbidden')}
        >
          {(guides) => {
            const chosen = id ?? guides[0]?.id ?? null;
            return (
              <Stack gap="lg">
                <Text size="sm" c="dimmed" maw={680}>
                  {t('programmes.help')}
                </Text>
                <Select
                  label={t('programmes.programme')}
                  searchable
                  allowDeselect={false}
                  data={guides.map((guide) => ({
                    value: guide.id,
                    label: `${guide.id} (${guide.asOf})`,
                  }))}
                  value={chosen}
                  onChange={setId}
                  maw={420}
                  data-testid="programme-pick"
                />
                {chosen && <GuideEditor key={chosen} id={chosen} onSaved={reload} />}
              </Stack>
            );
          }}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
