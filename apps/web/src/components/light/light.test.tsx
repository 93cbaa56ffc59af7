import {
  Alert as MantineAlert,
  Button as MantineButton,
  Loader as MantineLoader,
  PasswordInput,
  Text as MantineText,
  TextInput,
  Title as MantineTitle,
} from '@mantine/core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { Alert, Button, Loader } from './controls';
import { PasswordField, TextField } from './fields';
import { Text, Title } from './layout';

// The light components stand in for the library's before its code loads (layout.tsx): the same elements, classes
// and data attributes, so the library's stylesheet draws them the same and nothing moves when the page changes to
// the library's components. Compared here as shapes: element, the library's classes, data-* and aria-* attributes.

interface Shape {
  tag: string;
  classes: string[];
  attributes: Record<string, string>;
  children: Shape[];
}

const KEPT = /^(data-|aria-(?!describedby|labelledby|controls)|type$|role$|disabled$|required$)/;

function shapeOf(element: Element): Shape {
  return {
    tag: element.tagName.toLowerCase(),
    classes: [...element.classList].filter((name) => /^(m_|mantine-)/.test(name)).sort(),
    attributes: Object.fromEntries(
      [...element.attributes].filter((a) => KEPT.test(a.name)).map((a) => [a.name, a.value] as const),
    ),
    // An icon's drawing is its own: the element is compared, not its paths.
    children: element.tagName.toLowerCase() === 'svg' ? [] : [...element.children].map(shapeOf),
  };
}

async function shape(ui: ReactElement): Promise<Shape> {
  const { container, unmount } = await renderInApp(ui);
  const root = container.firstElementChild;
  if (!root) throw new Error('rendered nothing');
  const result = shapeOf(root);
  unmount();
  return result;
}

describe('the light components render as the library does', () => {
  it('Button, filled and outline, and while loading', async () => {
    expect(await shape(<Button>Log In</Button>)).toEqual(await shape(<MantineButton>Log In</MantineButton>));
    expect(await shape(<Button variant="outline">Create</Button>)).toEqual(
      await shape(<MantineButton variant="outline">Create</MantineButton>),
    );
    expect(await shape(<Button size="md">Go</Button>)).toEqual(
      await shape(<MantineButton size="md">Go</MantineButton>),
    );
    expect(await shape(<Button loading>Log In</Button>)).toEqual(
      await shape(<MantineButton loading>Log In</MantineButton>),
    );
  });

  it('Loader', async () => {
    expect(await shape(<Loader label="Loading" />)).toEqual(await shape(<MantineLoader aria-label="Loading" />));
  });

  it('TextField, plain, required and with an error', async () => {
    expect(await shape(<TextField label="Username" id="u" />)).toEqual(
      await shape(<TextInput label="Username" id="u" />),
    );
    expect(await shape(<TextField label="Username" id="u" required />)).toEqual(
      await shape(<TextInput label="Username" id="u" required />),
    );
    expect(await shape(<TextField label="Username" id="u" error="Required" />)).toEqual(
      await shape(<TextInput label="Username" id="u" error="Required" />),
    );
  });

  it('PasswordField', async () => {
    expect(await shape(<PasswordField label="Password" id="p" toggleLabel="Show password" />)).toEqual(
      await shape(
        <PasswordInput label="Password" id="p" visibilityToggleButtonProps={{ 'aria-label': 'Show password' }} />,
      ),
    );
  });

  it('Alert with its close button', async () => {
    expect(
      await shape(
        <Alert id="a" color="red" accent="red" title="Error" role="alert" closeLabel="Close" onClose={() => {}}>
          Wrong password
        </Alert>,
      ),
    ).toEqual(
      await shape(
        <MantineAlert
          id="a"
          color="red"
          variant="light"
          title="Error"
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => {}}
        >
          Wrong password
        </MantineAlert>,
      ),
    );
  });

  it('Title and Text', async () => {
    expect(await shape(<Title order={1}>Welcome</Title>)).toEqual(
      await shape(<MantineTitle order={1}>Welcome</MantineTitle>),
    );
    expect(await shape(<Text>Hello</Text>)).toEqual(await shape(<MantineText>Hello</MantineText>));
    expect(await shape(<Text size="sm">Hello</Text>)).toEqual(await shape(<MantineText size="sm">Hello</MantineText>));
  });
});
