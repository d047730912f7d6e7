import { KnowledgeAdminScreen } from '../../features/knowledge/components/knowledge-admin-screen.tsx';
import '../../features/knowledge/knowledge-admin-texts.ts';

/** The knowledge articles, for the shop's managers (issue 28 item 6); anyone else is told whom it is for. */
export default function KnowledgeAdminRoute() {
  return <KnowledgeAdminScreen />;
}
