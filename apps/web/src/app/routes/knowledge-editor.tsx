import { ArticleEditorScreen } from '../../features/knowledge/components/article-editor-screen.tsx';
import '../../features/knowledge/knowledge-admin-texts.ts';

/** One knowledge article's editor (`?id=`; none: a new one), for the shop's managers (issue 28 item 6). */
export default function KnowledgeEditorRoute() {
  return <ArticleEditorScreen />;
}
