/** The h1 of every Mantine admin screen; it also sets the tab's title (useAdminTitle), so no screen can forget it. */
import { Title, type TitleProps } from '@mantine/core';
import { useAdminTitle } from '../useAdminTitle';

/** `children`: the heading's text, shown as the h1 and put in «{text} — Адміністрування — УкрГМІ». */
export function PageTitle({ children, ...props }: Omit<TitleProps, 'order' | 'children'> & { children: string }) {
  useAdminTitle(children);
  return (
    <Title order={1} size="h2" {...props}>
      {children}
    </Title>
  );
}
