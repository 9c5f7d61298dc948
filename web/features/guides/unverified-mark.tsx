import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { GuideMark, GuidePart } from '../../../core/guides/guide.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useGuideFormat } from './guide-format.ts';

/**
 * The 'unverified' mark beside a part of a guide: one consistent small label, what is not
 * confirmed, and the page it was checked against (docs/first-use.md#programme-library).
 */
export function UnverifiedMarks({
  marks,
  part,
  index,
}: {
  marks: readonly GuideMark[];
  part: GuidePart;
  index?: number;
}) {
  const { t } = useTranslation('guides');
  const { t: tc } = useTranslation();
  const format = useGuideFormat();
  const found = marks.filter((mark) => mark.part === part && mark.index === index);
  if (found.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      {found.map((mark) => (
        <Text
          size="xs"
          c="gray.8"
          key={mark.note.en}
          data-testid="unverified-mark"
          data-part={part}
        >
          <Badge
            component="span"
            size="xs"
            color="orange.9"
            variant="outline"
            tt="none"
            mr={6}
            style={{ color: '#8a3200' }}
          >
            {t('marks.unverified')}
          </Badge>
          {format.text(mark.note)}{' '}
          {mark.source && (
            <Anchor href={mark.source} target="_blank" rel="noopener" size="xs" underline="always">
              {t('marks.source')}
              <span className="visually-hidden"> {tc('auth.newTab')}</span>
            </Anchor>
          )}
        </Text>
      ))}
    </Stack>
  );
}
