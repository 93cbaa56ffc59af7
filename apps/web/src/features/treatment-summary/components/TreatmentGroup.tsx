import { Anchor, Button, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { cleanPhone } from '@portal/contracts';
import { useTranslation } from '../../../lib/i18n';
import {
  formatFieldValue,
  splitPreview,
  type ShownField,
  type ShownGroup,
  type ShownItem,
} from '../lib/treatment-summary';
import classes from './TreatmentSummary.module.css';

/** One block of the summary: the group's title and its items. */
export function TreatmentGroup({ group }: { group: ShownGroup }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={classes.group} aria-labelledby={titleId} data-testid="treatment-group" data-group={group.group}>
      <h2 id={titleId} className={classes.groupTitle}>
        {t(group.titleKey)}
      </h2>
      <ul className={classes.items}>
        {group.items.map((item) => (
          <li key={item.itemId}>
            <TreatmentItem item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An item: a new dot when not seen before, its first fields, and More... for the rest. */
function TreatmentItem({ item }: { item: ShownItem }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const restId = useId();
  const { preview, rest } = splitPreview(item.fields);
  return (
    <div className={classes.item} data-testid="treatment-item" data-new={item.isNew || undefined}>
      {item.isNew && (
        <>
          <span className={classes.dot} aria-hidden="true" data-testid="new-dot" />
          <VisuallyHidden>{t('treatmentSummary.new')}</VisuallyHidden>
        </>
      )}
      {item.nullMessage !== null ? (
        <p className={classes.nullMessage}>{item.nullMessage}</p>
      ) : (
        <>
          <dl className={classes.fields}>
            {preview.map((field) => (
              <Field key={field.name} field={field} />
            ))}
          </dl>
          {rest.length > 0 && (
            <>
              <dl id={restId} className={classes.fields} hidden={!expanded}>
                {rest.map((field) => (
                  <Field key={field.name} field={field} />
                ))}
              </dl>
              <Button
                variant="subtle"
                size="compact-sm"
                className={classes.toggle}
                aria-expanded={expanded}
                aria-controls={restId}
                onClick={() => setExpanded((open) => !open)}
              >
                {t(expanded ? 'treatmentSummary.less' : 'treatmentSummary.more')}
              </Button>
            </>
          )}
        </>
      )}
    </div>
  );
}

function Field({ field }: { field: ShownField }) {
  const { t, locale } = useTranslation();
  const text = formatFieldValue(field.value, locale, t);
  const value = field.value;
  return (
    <div className={classes.field} data-field={field.name}>
      <dt>{t(field.labelKey)}</dt>
      <dd>
        {value.kind === 'date' ? (
          <time dateTime={value.date.slice(0, 10)}>{text}</time>
        ) : value.kind === 'phone' ? (
          <Anchor href={`tel:${cleanPhone(value.text)}`} underline="always">
            {text}
          </Anchor>
        ) : value.kind === 'email' ? (
          <Anchor href={`mailto:${value.text}`} underline="always">
            {text}
          </Anchor>
        ) : (
          text
        )}
      </dd>
    </div>
  );
}
