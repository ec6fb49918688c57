import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  RESOURCE_LIST_TYPE_LABELS,
  RESOURCE_LIST_TYPES,
  type ResourceListType,
} from '@rainmakers/contracts/resources-constants';
import type { ResourceCategory } from '../../api/resources';
import { config } from '../../config';

export interface FilterControlsProps {
  type: ResourceListType;
  onType: (type: ResourceListType) => void;
  selected: number[];
  onToggleCategory: (id: number, checked: boolean) => void;
  categories: ResourceCategory[];
  categoriesLoading: boolean;
  canAddCategory: boolean;
  onAddCategory: () => void;
  onEditCategory: (category: ResourceCategory) => void;
}

/**
 * The resources' filters below the search (spec part 2 "Resources screen"): the type radio group, the category
 * checkboxes (admins: Add Category, edit) and 'Recommend A Resource/ Service Here'. The left column shows them on
 * a desktop; on a phone they open from the 'Filters' button (ResourceFiltersDrawer), so the cards come first.
 */
export function FilterControls({
  type,
  onType,
  selected,
  onToggleCategory,
  categories,
  categoriesLoading,
  canAddCategory,
  onAddCategory,
  onEditCategory,
}: FilterControlsProps) {
  return (
    <>
      <FormControl>
        <FormLabel id="resource-type-filter">Show</FormLabel>
        <RadioGroup
          aria-labelledby="resource-type-filter"
          name="resource-type"
          value={type}
          onChange={(event) => onType(event.target.value as ResourceListType)}
        >
          {RESOURCE_LIST_TYPES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio size="small" />}
              label={RESOURCE_LIST_TYPE_LABELS[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">Categories</FormLabel>
        {categoriesLoading ? (
          <Box role="status" aria-label="Loading categories">
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Box>
        ) : categories.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No categories yet
          </Typography>
        ) : (
          <Box id="resource-category-list" sx={{ display: 'flex', flexDirection: 'column' }}>
            {categories.map((category) => (
              <Box key={category.id} sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <FormControlLabel
                  sx={{ flexGrow: 1, minWidth: 0, mr: 0, '& .MuiFormControlLabel-label': { wordBreak: 'break-word' } }}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.includes(category.id)}
                      onChange={(event) => onToggleCategory(category.id, event.target.checked)}
                    />
                  }
                  label={category.name}
                />
                {category.abilities.edit && (
                  <IconButton
                    size="small"
                    aria-label={`Edit category ${category.name}`}
                    onClick={() => onEditCategory(category)}
                  >
                    <EditRounded fontSize="small" />
                  </IconButton>
                )}
              </Box>
            ))}
          </Box>
        )}
        {canAddCategory && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddRounded />}
            onClick={onAddCategory}
            sx={{ alignSelf: 'flex-start', mt: 1 }}
          >
            Add Category
          </Button>
        )}
      </FormControl>
      <Button
        variant="contained"
        color="secondary"
        href={config.recommendResourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<OpenInNewRounded />}
      >
        Recommend A Resource/ Service Here
      </Button>
    </>
  );
}
