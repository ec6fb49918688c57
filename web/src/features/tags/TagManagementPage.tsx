import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/client';
import { signupLink, type Tag, useSaveTag, useTags } from '../../api/tags';
import { Tooltip } from '../../components/LazyMui';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';

const TagFormDialog = lazy(() => import('./TagFormDialog'));

type OpenForm = { tag: Tag | null } | null;

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether sign-up links may attach the tag (`?signuptags=` attaches only such tags, every other id is
 * ignored), and the link to copy when they may.
 */
function SignupLinkCell({ tag }: { tag: Tag }) {
  const save = useSaveTag();
  const allowed =
    save.isPending && save.variables?.signupAllowed !== undefined ? save.variables.signupAllowed : tag.signupAllowed;
  const toggle = (signupAllowed: boolean) =>
    save.mutate(
      { id: tag.id, name: tag.name, signupAllowed },
      {
        onSuccess: () =>
          toast(signupAllowed ? 'Tag allowed on sign-up links' : 'Tag no longer allowed on sign-up links', 'success'),
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  const copy = async () => {
    const link = signupLink(window.location.origin, tag.id);
    if (await copyText(link)) toast('Sign-up link copied', 'success');
    else toast(`Copy this sign-up link: ${link}`, 'info');
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title="Allowed on sign-up links">
        <Switch
          size="small"
          checked={allowed}
          disabled={save.isPending}
          onChange={(event) => toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Allowed on sign-up links: ${tag.name}` } }}
        />
      </Tooltip>
      <Button
        size="small"
        variant="text"
        startIcon={<ContentCopyRounded />}
        disabled={!allowed}
        onClick={copy}
        aria-label={`Copy sign-up link for ${tag.name}`}
      >
        Copy sign-up link
      </Button>
    </Stack>
  );
}

/**
 * /tag-management (admins): every tag with its id, whether sign-up links may attach it (with its link to copy),
 * Add new Tag, Edit (rename, allow on sign-up links, or delete).
 */
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
                  <TableCell>Allowed on sign-up links</TableCell>
                  <TableCell align="right">Edit</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((tag) => (
                  <TableRow key={tag.id} hover>
                    <TableCell>{tag.id}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{tag.name}</TableCell>
                    <TableCell>
                      <SignupLinkCell tag={tag} />
                    </TableCell>
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
