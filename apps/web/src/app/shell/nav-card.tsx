import type { UserDocument } from '@quarry/shared';
import {
  IconBolt,
  IconBulb,
  IconChartBar,
  IconFolders,
  IconLifebuoy,
  IconSearch,
  IconTargetArrow,
  IconUpload,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useWorkspaceNavStore } from '../../features/workspaces/stores/workspace-nav-store.ts';
import { useUiStore } from '../stores/ui-store.ts';
import classes from './nav-card.module.css';
import { UserMenu } from './user-menu.tsx';

type Visibility = { isSupport: boolean; impersonating: boolean; isManagerOrAdmin: boolean };

/** Who sees which admin items (spec sections 2 and 6). */
export function navVisibility(user: UserDocument, impersonating: boolean): Visibility {
  return { isSupport: user.is_support, impersonating, isManagerOrAdmin: user.is_admin || user.is_manager };
}

function NavLink({ to, icon, label, active }: { to: string; icon: ReactNode; label: string; active: boolean }) {
  return (
    <Link to={to} className={classes.item} data-active={active} aria-current={active ? 'page' : undefined}>
      <span className={classes.icon}>{icon}</span>
      <span>{label}</span>
    </Link>
  );
}

function NavButton({
  onClick,
  icon,
  label,
  active,
}: {
  onClick: () => void;
  icon: ReactNode;
  label: string;
  active?: boolean;
}) {
  return (
    <button type="button" className={classes.item} data-active={Boolean(active)} onClick={onClick}>
      <span className={classes.icon}>{icon}</span>
      <span>{label}</span>
    </button>
  );
}

/** The left navigation card: 3.7rem wide, 15rem on hover or keyboard focus (not focus left by a click). */
export function NavCard({ user, impersonating }: { user: UserDocument; impersonating: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const openDrawer = useWorkspaceNavStore((s) => s.setVisible);
  const openSearch = useUiStore((s) => s.setSearchOpen);
  const path = pathname.toLowerCase();
  const v = navVisibility(user, impersonating);
  const iconSize = 22;
  return (
    <nav className={classes.card} aria-label={t('nav.label')} data-nav-card>
      <Link to="/" className={classes.logo} aria-label={t('nav.home')}>
        <img src="/favicon.svg" width={28} height={28} alt="" />
        <span>Quarry</span>
      </Link>
      <NavLink to="/" icon={<IconBulb size={iconSize} />} label={t('nav.value')} active={path === '/'} />
      <NavLink
        to="/actions"
        icon={<IconBolt size={iconSize} />}
        label={t('nav.actions')}
        active={path.startsWith('/action')}
      />
      <div className={classes.heading}>{t('nav.accounts')}</div>
      <NavButton onClick={() => openSearch(true)} icon={<IconSearch size={iconSize} />} label={t('nav.search')} />
      <NavButton
        onClick={() => openDrawer(true)}
        icon={<IconFolders size={iconSize} />}
        label={t('nav.lists')}
        // A list page lives in a workspace: Lists stays marked there too.
        active={path.startsWith('/workspaces') || path.startsWith('/lists/')}
      />
      <NavLink
        // The route's own spelling (spec route table), so Reporting counts the page under one name.
        to="/MyTerritory"
        icon={<IconTargetArrow size={iconSize} />}
        label={t('nav.myAccounts')}
        active={path === '/myterritory'}
      />
      <div className={classes.heading}>{t('nav.admin')}</div>
      <NavLink
        to="/upload"
        icon={<IconUpload size={iconSize} />}
        label={t('nav.addAccounts')}
        active={path === '/upload'}
      />
      {(v.isSupport || v.impersonating) && (
        <NavLink
          to="/support-impersonation"
          icon={<IconLifebuoy size={iconSize} />}
          label={t('nav.supportTools')}
          active={path === '/support-impersonation' || path === '/support-alerts'}
        />
      )}
      {v.isManagerOrAdmin && (
        <NavLink
          to="/reporting"
          icon={<IconChartBar size={iconSize} />}
          label={t('nav.reporting')}
          active={path === '/reporting'}
        />
      )}
      <div className={classes.spacer} />
      <UserMenu user={user} impersonating={impersonating} itemClassName={classes.item ?? ''} />
    </nav>
  );
}
