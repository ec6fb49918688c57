import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Tag, useTags } from '../../api/tags';
import { PageHeader } from '../../components/PageHeader';

const TagFormDialog = lazy(() => import('./TagFormDialog'));

type OpenForm = { tag: Tag | null } | null;

/** /tag-management (admins): every tag with its id, Add new Tag, Edit (rename or delete). */
export default function TagManagementPage() {
  const tags = useTags();
  const [form, setForm] = useState<OpenForm>(null);
  const list = tags.data ?? [];

  return (
    <Box>
      <PageHeader
        title="Tag Management"
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setForm({ tag: null })}>
            Add new Tag
          </Button>
        }
      />
      {tags.isError && <Alert severity="error">{errorMessage(tags.error)}</Alert>}
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {tags.isFetching && (
          <LinearProgress aria-label="Loading tags" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        {tags.isLoading ? (
          <Box sx={{ p: 4 }} role="status" aria-label="Loading tags">
            <Typography color="text.secondary">Loading tags…</Typography>
          </Box>
        ) : list.length === 0 ? (
          <Box sx={{ p: 5, textAlign: 'center' }}>
            <Typography color="text.secondary">No tags</Typography>
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Tags">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 100 }}>Id</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell align="right">Edit</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((tag) => (
                  <TableRow key={tag.id} hover>
                    <TableCell>{tag.id}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{tag.name}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<EditRounded />}
                        onClick={() => setForm({ tag })}
                        aria-label={`Edit ${tag.name}`}
                      >
                        Edit
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {form && (
        <Suspense fallback={null}>
          <TagFormDialog tag={form.tag} onClose={() => setForm(null)} />
        </Suspense>
      )}
    </Box>
  );
}
