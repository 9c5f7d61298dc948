import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';

/**
 * What a visitor sees on pressing Search (docs/product/README.md#roles): the NOT_SIGNED_IN message
 * of the spec, and in the same dialog the two ways on, logging in or signing up for free. The
 * search they filled in runs once they are signed in.
 */
export function SignInToSearch({
  onChoose,
  onClose,
}: {
  onChoose: (mode: 'login' | 'signup') => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('awards');
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('panel.loginTitle')}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': tc('auth.close') }}
      data-testid="sign-in-to-search"
    >
      <Stack gap="sm">
        <Text size="sm">{tc('errors.NOT_SIGNED_IN')}</Text>
        <Text size="sm">{t('panel.signInLead')}</Text>
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            onClick={() => onChoose('login')}
            data-testid="sign-in-to-search-login"
          >
            {tc('auth.login')}
          </Button>
          <Button
            onClick={() => onChoose('signup')}
            data-autofocus
            data-testid="sign-in-to-search-signup"
          >
            {t('panel.signUpFree')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default SignInToSearch;
