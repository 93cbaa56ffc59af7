import { Title } from '@mantine/core';
import type { ItemProps } from './item-props';
import { questionDomId, questionText } from './item-props';
import { CheckboxItem, DropdownItem, RadioItem } from './ChoiceItems';
import { DateItem, NumberItem, SliderItem, TextItem } from './ValueItems';

/** One question of the completion page, by its type (a matrix is drawn by MatrixItem, a block of its own). */
export function QuestionBlock(props: ItemProps) {
  const { item } = props;
  switch (item.questionnaireItemType) {
    case 'SectionHeader':
      return (
        <Title order={2} fz={{ base: 20, sm: 22 }} id={questionDomId(item.questionnaireItemId)} mt="sm">
          {questionText(item)}
        </Title>
      );
    case 'Radio':
      return <RadioItem {...props} />;
    case 'Checkbox':
      return <CheckboxItem {...props} />;
    case 'Dropdown':
      return <DropdownItem {...props} />;
    case 'Number':
      return <NumberItem {...props} />;
    case 'Slider':
      return <SliderItem {...props} />;
    case 'Text':
      return <TextItem {...props} />;
    case 'Date':
      return <DateItem {...props} />;
    default:
      return null;
  }
}
