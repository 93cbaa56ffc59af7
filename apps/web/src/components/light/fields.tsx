import './mantine-styles';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx, withVars } from './layout';

// Stand-ins for the library's TextInput and PasswordInput on the pages that load before it (see
// layout.tsx): label with the required mark, the input, the error under it, tied together for screen
// readers as the library ties them.

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> {
  label: string;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

type Kind = 'TextInput' | 'PasswordInput';

const INPUT_WRAPPER_VARS = { '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)' };

function Label({ id, kind, label, required }: { id: string; kind: Kind; label: string; required?: boolean }) {
  return (
    <label
      className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
      data-size="sm"
      data-required={required || undefined}
      htmlFor={id}
      id={`${id}-label`}
      style={withVars({ '--input-label-size': 'var(--mantine-font-size-sm)' })}
    >
      {label}
      {required && (
        <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

function FieldError({ id, kind, error }: { id: string; kind: Kind; error: ReactNode }) {
  return (
    <p
      className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
      data-size="sm"
      id={`${id}-error`}
      style={withVars({
        '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
      })}
    >
      {error}
    </p>
  );
}

function wrapperStyle(error: ReactNode) {
  return withVars({
    ...INPUT_WRAPPER_VARS,
    '--input-margin-bottom': error ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
  });
}

export function TextField({ label, error, required, id: givenId, ref, ...input }: FieldProps) {
  const generated = useId();
  const id = givenId ?? `field${generated}`;
  const invalid = Boolean(error) || undefined;
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="sm" data-error={invalid}>
      <Label id={id} kind="TextInput" label={label} required={required} />
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={invalid}
        style={wrapperStyle(error)}
      >
        <input
          ref={ref}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={invalid}
          aria-invalid={invalid}
          aria-describedby={error ? `${id}-error` : undefined}
          required={required}
          id={id}
          {...input}
        />
      </div>
      {error && <FieldError id={id} kind="TextInput" error={error} />}
    </div>
  );
}

/** The library's eye icon; crossed out while the password shows. */
function VisibilityIcon({ reveal }: { reveal: boolean }) {
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      style={{ width: 'var(--psi-icon-size)', height: 'var(--psi-icon-size)' }}
    >
      <path fill="none" d="M0 0h256v256H0z" />
      {reveal ? (
        <>
          <path {...stroke} d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
          <path
            {...stroke}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...stroke} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle cx="128" cy="128" r="40" {...stroke} />
        </>
      )}
    </svg>
  );
}

/**
 * A password field with the button that shows or hides the password (pressed, it shows); the button
 * toggles on press without taking the focus from the field, as the library's does.
 */
export function PasswordField({
  label,
  error,
  required,
  id: givenId,
  ref,
  toggleLabel,
  ...input
}: FieldProps & { toggleLabel: string }) {
  const generated = useId();
  const id = givenId ?? `field${generated}`;
  const invalid = Boolean(error) || undefined;
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((shown) => !shown);
  return (
    <div
      className="m_f61ca620 mantine-PasswordInput-root m_46b77525 mantine-InputWrapper-root mantine-PasswordInput-root"
      data-size="sm"
      data-error={invalid}
      style={withVars({
        '--psi-icon-size': 'var(--psi-icon-size-sm)',
        '--psi-button-size': 'var(--psi-button-size-sm)',
      })}
    >
      <Label id={id} kind="PasswordInput" label={label} required={required} />
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-PasswordInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-with-right-section="true"
        data-error={invalid}
        style={wrapperStyle(error)}
      >
        <div
          className="m_ccf8da4c m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input"
          data-variant="default"
          data-error={invalid}
        >
          <input
            ref={ref}
            required={required}
            className="m_f2d85dd2 mantine-PasswordInput-innerInput"
            id={id}
            type={visible ? 'text' : 'password'}
            data-invalid={invalid}
            aria-describedby={error ? `${id}-error` : undefined}
            {...input}
          />
        </div>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-PasswordInput-section">
          <button
            className={cx(
              'mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle',
              'm_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root',
            )}
            data-variant="subtle"
            type="button"
            aria-pressed={visible}
            tabIndex={-1}
            aria-label={toggleLabel}
            style={withVars({
              '--ai-bg': 'transparent',
              '--ai-hover': 'var(--mantine-color-gray-light-hover)',
              '--ai-color': 'var(--mantine-color-gray-light-color)',
              '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
            })}
            onMouseDown={(event) => {
              event.preventDefault();
              toggle();
            }}
            onTouchEnd={(event) => {
              event.preventDefault();
              toggle();
            }}
            onKeyDown={(event) => {
              if (event.key === ' ' || event.key === 'Enter') {
                event.preventDefault();
                toggle();
              }
            }}
          >
            <span className="m_8d3afb97 mantine-ActionIcon-icon">
              <VisibilityIcon reveal={visible} />
            </span>
          </button>
        </div>
      </div>
      {error && <FieldError id={id} kind="PasswordInput" error={error} />}
    </div>
  );
}
