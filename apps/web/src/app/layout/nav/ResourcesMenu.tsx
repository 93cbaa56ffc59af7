import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ChevronIcon } from './icons';
import { isCurrent, type NavItem } from './nav-items';
import classes from './nav.module.css';

/** The Resources dropdown of the header's top row (FAQs, useful links, forms). */
export function ResourcesMenu({ resources, pathname }: { resources: NavItem[]; pathname: string }) {
  const { t } = useTranslation();
  const current = resources.some((item) => isCurrent(item, pathname));
  return (
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.headerLink} data-current={current || undefined}>
          {t('nav.resources')}
          <ChevronIcon />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {resources.map((item) => (
          <Menu.Item
            key={item.path}
            component={Link}
            to={item.path}
            aria-current={isCurrent(item, pathname) ? 'page' : undefined}
          >
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
