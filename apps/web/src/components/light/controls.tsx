import './mantine-styles';
import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, withVars } from './layout';

// Stand-ins for the library's Button, Loader, Alert and CloseButton on the pages that load before it (see
// layout.tsx): the library's markup and stylesheets, without its code.

const BORDER = 'calc(0.0625rem * var(--mantine-scale))';

/** The library's oval Loader. */
export function Loader({ label, style }: { label?: string; style?: CSSProperties }) {
  return <span className="m_b34414df m_5ae2e3c mantine-Loader-root" aria-label={label} style={style} />;
}

/** A Loader in a centred, announced box (the loading state of a page or a section). */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <div
      className="m_4451eb3a mantine-Center-root"
      role="status"
      aria-live="polite"
      style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}
    >
      <Loader label={label} />
    </div>
  );
}

interface ButtonLook {
  /** filled (the primary colour) or outline. */
  variant?: 'filled' | 'outline';
  /** md: the larger size; none: the library's default. */
  size?: 'md';
  fitContent?: boolean;
}

function buttonLook({ variant = 'filled', size, fitContent }: ButtonLook) {
  const sizeVars = size
    ? {
        '--button-height': `var(--button-height-${size})`,
        '--button-padding-x': `var(--button-padding-x-${size})`,
        '--button-fz': `var(--mantine-font-size-${size})`,
      }
    : {};
  const colourVars =
    variant === 'outline'
      ? {
          '--button-bg': 'transparent',
          '--button-hover': 'var(--mantine-color-brand-outline-hover)',
          '--button-color': 'var(--mantine-color-brand-outline)',
          '--button-bd': `${BORDER} solid var(--mantine-color-brand-outline)`,
        }
      : { '--button-color': 'var(--mantine-color-white)' };
  return {
    'data-variant': variant === 'outline' ? variant : undefined,
    'data-size': size,
    style: withVars({ ...sizeVars, ...colourVars }, fitContent ? { width: 'fit-content' } : undefined),
  };
}

const BUTTON_CLASS = 'm_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';

function ButtonInner({ children, loading }: { children: ReactNode; loading?: boolean }) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
        {children}
      </span>
    </span>
  );
}

/** The library's Button; while `loading`, disabled with the loader over its label. */
export function Button({
  loading,
  variant,
  size,
  fitContent,
  type = 'button',
  children,
  ...rest
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button
      className={cx('mantine-focus-auto', !loading && 'mantine-active', BUTTON_CLASS)}
      data-loading={loading || undefined}
      disabled={loading}
      type={type}
      {...buttonLook({ variant, size, fitContent })}
      {...rest}
    >
      {loading && (
        <span
          className="m_a25b86ee mantine-Button-loader"
          aria-hidden="true"
          style={{ transform: `translate(-50%, calc(-50% + ${BORDER}))` }}
        >
          <Loader
            style={withVars({
              '--loader-size': 'calc(var(--button-height) / 1.8)',
              '--loader-color': 'var(--button-color)',
            })}
          />
        </span>
      )}
      <ButtonInner loading={loading}>{children}</ButtonInner>
    </button>
  );
}

/** A link that looks like the library's Button. */
export function ButtonLink({ to, children, ...look }: ButtonLook & { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={cx('mantine-focus-auto mantine-active', BUTTON_CLASS)} {...buttonLook(look)}>
      <ButtonInner>{children}</ButtonInner>
    </Link>
  );
}

/** The library's close icon (an x). */
function CloseIcon() {
  return (
    <svg
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}
    >
      <path
        d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * The library's Alert, light variant, with a close button: `color` is a palette of the theme (its light tint
 * behind the text), `accent` the colour of the title, the edge and the close icon.
 */
export function Alert({
  id,
  color,
  accent,
  title,
  role,
  closeLabel,
  onClose,
  children,
}: {
  id: string;
  color: string;
  accent: string;
  title: ReactNode;
  role: 'alert' | 'status';
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const vars = {
    '--alert-bg': `var(--mantine-color-${color}-light)`,
    '--alert-color': `var(--mantine-color-${color}-light-color)`,
    '--alert-bd': `${BORDER} solid transparent`,
  };
  return (
    <div
      className="m_66836ed3 mantine-Alert-root"
      data-variant="light"
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={`${id}-title`}
      style={withVars(vars, { borderInlineStart: `4px solid ${accent}` })}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          <div className="m_6a03f287 mantine-Alert-title" data-with-close-button="true" style={{ color: accent }}>
            <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
              {title}
            </span>
          </div>
          <div
            id={`${id}-body`}
            className="m_7fa78076 mantine-Alert-message"
            data-variant="light"
            style={{ color: 'var(--mantine-color-text)' }}
          >
            {children}
          </div>
        </div>
        <button
          className="mantine-focus-auto mantine-active m_87f54839 mantine-Alert-closeButton m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root"
          data-variant="transparent"
          type="button"
          aria-label={closeLabel}
          onClick={onClose}
          style={withVars(
            { '--cb-size': 'calc(1rem * var(--mantine-scale))', '--cb-icon-size': 'calc(1rem * var(--mantine-scale))' },
            { color: accent },
          )}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
