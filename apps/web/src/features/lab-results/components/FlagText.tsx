import type { TestResultDetail } from '@portal/contracts';
import { useTranslation } from '../../../lib/i18n';
import { flagLabelKey, flagMark, isAbnormal } from '../lib/lab-results';
import classes from './lab-results.module.css';

/** The flag in words ('High', 'Critically low'); an abnormal one stands out by weight and a mark, not colour alone. */
export function FlagText({ flag }: { flag: TestResultDetail['abnormalFlag'] }) {
  const { t } = useTranslation();
  const key = flagLabelKey(flag);
  if (!flag) return null;
  const label = key ? t(key) : flag;
  if (!isAbnormal({ abnormalFlag: flag })) return <span>{label}</span>;
  return (
    <strong className={classes.abnormal}>
      <span aria-hidden="true">{flagMark(flag)} </span>
      {label}
    </strong>
  );
}
