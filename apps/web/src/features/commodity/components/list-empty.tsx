import { paths } from '@jewel/contract/values/web-paths';
import { FileOutline, SearchOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { StatusView } from '../../../components/status-view.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Nothing to show, and what to do next: another search, another tab, or register the first item. */
export function ListEmpty({ recorder, keyword, filtered }: { recorder: boolean; keyword: string; filtered: boolean }) {
  const { t } = useTranslation('commodity');
  const navigate = useNavigate();
  if (keyword) {
    return (
      <StatusView
        icon={<SearchOutline />}
        title={t('empty.searchTitle', { keyword })}
        description={t('empty.searchHint')}
      />
    );
  }
  if (filtered) {
    return <StatusView icon={<FileOutline />} title={t('empty.filteredTitle')} description={t('empty.filteredHint')} />;
  }
  return recorder ? (
    <StatusView icon={<FileOutline />} title={t('empty.recorderTitle')} description={t('empty.recorderHint')}>
      <Button color="primary" onClick={() => navigate(paths.commodityEnroll)}>
        {t('list.registerFirst')}
      </Button>
    </StatusView>
  ) : (
    <StatusView icon={<FileOutline />} title={t('empty.valuerTitle')} description={t('empty.valuerHint')} />
  );
}
