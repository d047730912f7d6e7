import { ComingSoon } from '../../components/coming-soon.tsx';

export default ComingSoon;
