import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function EntryPage() {
  return <main id="entry" />;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <EntryPage />
    </StrictMode>,
  );
}
