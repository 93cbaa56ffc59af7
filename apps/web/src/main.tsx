// The library's base rules and variables; each component's own rules come with it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import 'virtual:mantine-theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot';
// After the components' rules, which it refines.
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
