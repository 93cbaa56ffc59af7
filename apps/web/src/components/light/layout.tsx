import './mantine-styles';
import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from 'react';
import classes from './light.module.css';

// Stand-ins for the component library's layout and text components on the pages that load before it (the
// shell, the login page): the same elements, classes and variables the library writes, styled by the
// library's own stylesheets, without its code. Only the options those pages use.

export type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A spacing as the library writes it: a step of the theme, or pixels as rem. */
export function spacing(value: Spacing | number): string {
  return typeof value === 'number'
    ? `calc(${value / 16}rem * var(--mantine-scale))`
    : `var(--mantine-spacing-${value})`;
}

export const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Custom properties and styles, as one style object. */
export const withVars = (vars: Record<string, string | undefined>, style?: CSSProperties): CSSProperties => ({
  ...vars,
  ...style,
});

interface BoxProps extends HTMLAttributes<HTMLElement> {
  component?: ElementType;
  children?: ReactNode;
}

export function Stack({ gap = 'md', className, style, children }: BoxProps & { gap?: Spacing | number }) {
  const vars = { '--stack-gap': spacing(gap), '--stack-align': 'stretch', '--stack-justify': 'flex-start' };
  return (
    <div className={cx('m_6d731127 mantine-Stack-root', className)} style={withVars(vars, style)}>
      {children}
    </div>
  );
}

export function Group({
  component: Component = 'div',
  gap = 'md',
  justify = 'flex-start',
  wrap = 'wrap',
  style,
  ...rest
}: BoxProps & { gap?: Spacing | number; justify?: string; wrap?: 'wrap' | 'nowrap' }) {
  const vars = {
    '--group-gap': spacing(gap),
    '--group-align': 'center',
    '--group-justify': justify,
    '--group-wrap': wrap,
  };
  return <Component className="m_4081bf90 mantine-Group-root" style={withVars(vars, style)} {...rest} />;
}

/** The library's Container of size lg. */
export function Container({ component: Component = 'div', style, ...rest }: BoxProps) {
  return (
    <Component
      className="m_7485cace mantine-Container-root"
      data-size="lg"
      data-strategy="block"
      style={withVars({ '--container-size': 'var(--container-size-lg)' }, style)}
      {...rest}
    />
  );
}

/**
 * A heading: the page's (h1, 24 px growing to 32 px; a card's h1 to 30 px) or one in a card (h2, the xl
 * font size).
 */
export function Title({
  order,
  id,
  inCard,
  children,
}: {
  order: 1 | 2;
  id?: string;
  inCard?: boolean;
  children: ReactNode;
}) {
  const Heading = order === 1 ? 'h1' : 'h2';
  const vars = {
    '--title-fw': `var(--mantine-h${order}-font-weight)`,
    '--title-lh': `var(--mantine-h${order}-line-height)`,
    '--title-fz': `var(--mantine-h${order}-font-size)`,
  };
  return (
    <Heading
      className={cx('m_8a5d1357 mantine-Title-root', order === 1 && (inCard ? classes.cardTitle : classes.h1))}
      data-order={order}
      id={id}
      style={withVars(vars, order === 2 ? { fontSize: 'var(--mantine-font-size-xl)' } : undefined)}
    >
      {children}
    </Heading>
  );
}

/** Text's size variables: the small size, or the default (none). */
export const textSize = (size?: 'sm') =>
  size ? { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})` } : {};

export function Text({ component: Component = 'p', size, className, style, ...rest }: BoxProps & { size?: 'sm' }) {
  return (
    <Component
      className={cx('mantine-focus-auto m_b6d8b162 mantine-Text-root', className)}
      data-size={size}
      style={withVars(textSize(size), style)}
      {...rest}
    />
  );
}

/** The facility's name in the header, when it has no logo: bold, the lg font size growing to xl. */
export function BrandText({ children }: { children: ReactNode }) {
  return (
    <Text component="span" className={classes.brand} style={{ color: 'var(--portal-header-text)', fontWeight: 700 }}>
      {children}
    </Text>
  );
}

/** The classes of the library's Anchor: a link, or a button that looks like one. */
export const ANCHOR_CLASS = 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root';

// The library's column widths, to its figures: 7 and 5 of 12 columns, less their share of the gap.
const SEVEN_TWELFTHS = 'calc(58.333333333333336% - 0.4166666666666667 * var(--grid-column-gap))';
const FIVE_TWELFTHS = 'calc(41.666666666666664% - 0.5833333333333334 * var(--grid-column-gap))';

/** The login page's two columns from the sm size (7 and 5 of 12), one below the other on phones. */
export function TwoColumns({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <div className={cx('m_410352e9 mantine-Grid-root', classes.gridLarge)}>
      <div className="m_dee7bd2f mantine-Grid-inner">
        <div
          className={cx('m_96bdd299 mantine-Grid-col', classes.col)}
          style={withVars({ '--col-sm': SEVEN_TWELFTHS })}
        >
          {first}
        </div>
        <div className={cx('m_96bdd299 mantine-Grid-col', classes.col)} style={withVars({ '--col-sm': FIVE_TWELFTHS })}>
          {second}
        </div>
      </div>
    </div>
  );
}
