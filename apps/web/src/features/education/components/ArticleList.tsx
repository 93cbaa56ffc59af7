import { Badge, Box, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { EducationArticle } from '@portal/contracts';
import { formatListDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { isNew, type DateGroup } from '../lib/education';
import classes from './ArticleList.module.css';

/**
 * The articles grouped by assigned date (a heading per day) and category (a heading and a list each). Each
 * row is the article's button, which opens it, and its Archive or Unarchive button.
 */
export function ArticleList({
  groups,
  timeZoneId,
  selectedId,
  opensInNewWindow,
  busyId,
  onOpen,
  onArchive,
}: {
  groups: readonly DateGroup[];
  timeZoneId: string;
  selectedId: number | null;
  /** Tells screen-reader users that the article opens in a new window. */
  opensInNewWindow: boolean;
  /** The article whose archiving is under way. */
  busyId: number | null;
  onOpen: (article: EducationArticle) => void;
  onArchive: (article: EducationArticle, isArchived: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      {groups.map((day) => {
        const date = formatListDate(day.assignedDate, { timeZoneId });
        return (
          <section key={day.assignedDate} className={classes.day} aria-labelledby={`education-day-${day.assignedDate}`}>
            <h2 id={`education-day-${day.assignedDate}`} className={classes.dayHeading}>
              <time dateTime={day.assignedDate}>{date}</time>
            </h2>
            {day.categories.map((category) => (
              <Box key={category.categoryName}>
                <h3 className={classes.categoryHeading}>{category.categoryName}</h3>
                <ul
                  className={classes.list}
                  aria-label={t('education.listLabel', { category: category.categoryName, date })}
                >
                  {category.articles.map((article) => {
                    const selected = article.articleId === selectedId;
                    const fresh = isNew(article);
                    return (
                      <li
                        key={article.articleId}
                        className={classes.row}
                        data-selected={selected || undefined}
                        data-muted={article.isArchived || undefined}
                        data-new={fresh || undefined}
                        data-testid="education-article"
                      >
                        <UnstyledButton
                          className={classes.open}
                          data-testid="education-open"
                          aria-current={selected ? 'true' : undefined}
                          onClick={() => onOpen(article)}
                        >
                          <Group gap={8} wrap="nowrap" align="center">
                            {fresh && (
                              <Badge size="sm" radius="sm" className={classes.newBadge} data-testid="education-new">
                                {t('education.new')}
                              </Badge>
                            )}
                            <Stack gap={0} style={{ minWidth: 0 }}>
                              <Text component="span" className={classes.title} data-testid="education-title">
                                {article.title}
                              </Text>
                              {article.isArchived && (
                                <Text component="span" className={classes.note}>
                                  {t('education.archived')}
                                </Text>
                              )}
                            </Stack>
                          </Group>
                          {opensInNewWindow && <VisuallyHidden>({t('education.opensInNewWindow')})</VisuallyHidden>}
                        </UnstyledButton>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          color="dark"
                          loading={busyId === article.articleId}
                          aria-label={t(
                            article.isArchived ? 'education.unarchiveArticle' : 'education.archiveArticle',
                            {
                              title: article.title,
                            },
                          )}
                          onClick={() => onArchive(article, !article.isArchived)}
                        >
                          {t(article.isArchived ? 'education.unarchive' : 'education.archive')}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </Box>
            ))}
          </section>
        );
      })}
    </div>
  );
}
