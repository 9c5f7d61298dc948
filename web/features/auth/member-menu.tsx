import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import type { Member } from '../../../core/auth-contract.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { memberPages } from '../../lib/site-map.ts';
import { useAuth } from './auth-context.tsx';

/** The signed-in member's menu (its own chunk: the dropdown's positioning code is large). */
export default function MemberMenu({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { logOut } = useAuth();
  const popup = usePopup();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('auth.myAccount')} data-testid="account-menu">
          <Avatar
            src={member.photo}
            alt={t('auth.profile.pictureAlt', { name: member.name })}
            size={32}
            radius="xl"
            color="blue"
          >
            {member.name.slice(0, 1)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{member.name}</Menu.Label>
        {memberPages().map((page) => (
          <Menu.Item
            key={page.id}
            component={Link}
            to={page.path}
            data-testid={`member-menu-${page.id}`}
          >
            {t(`profile.pages.${page.id}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          onClick={async () => {
            await logOut();
            await popup.show({ title: t('auth.logout'), message: t('auth.loggedOut') });
          }}
          data-testid="logout"
        >
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
