import { paths } from '@jewel/contract/values/web-paths';
import { useNavigate } from 'react-router';
import { InquiryForm } from '../../features/inquiry/components/inquiry-form.tsx';
import '../../features/inquiry/inquiry.css';

/** Register a price inquiry; afterwards the list shows it waiting for an estimate. */
export default function InquiryRegisterRoute() {
  const navigate = useNavigate();
  return <InquiryForm onDone={() => navigate(paths.inquiryList, { replace: true })} />;
}
