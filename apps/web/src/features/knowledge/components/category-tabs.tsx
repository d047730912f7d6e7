import { useQuery } from '@tanstack/react-query';
import { Tabs } from '../../../lib/antd-mobile-motion.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { knowledgeCategoriesOptions } from '../api/knowledge-queries.ts';

const ALL = 'all';

/** "All" and each category, scrolling sideways; the chosen one is a category id or null. */
export function CategoryTabs({ value, onChange }: { value: number | null; onChange(id: number | null): void }) {
  const { t } = useTranslation('knowledge');
  const categories = useQuery(knowledgeCategoriesOptions()).data ?? [];
  return (
    <nav className="knowledge-tabs" aria-label={t('list.categories')}>
      <Tabs
        activeKey={value === null ? ALL : String(value)}
        onChange={(key) => onChange(key === ALL ? null : Number(key))}
      >
        <Tabs.Tab key={ALL} title={t('list.all')} />
        {categories.map((category) => (
          <Tabs.Tab key={String(category.id)} title={category.name} />
        ))}
      </Tabs>
    </nav>
  );
}
