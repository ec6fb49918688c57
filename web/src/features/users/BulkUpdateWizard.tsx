/**
 * The CSV bulk update wizard (spec part 1 §4): preparing (choose the CSV) -> viewingReport (its e-mails split into
 * found, duplicate and not found; choose tags to add or remove and/or a role) -> submitting (the button shows the
 * update in progress, and a progress bar follows the user-bulk-update job) -> the final report (people changed,
 * unchanged, not found) with 'Updated users sucessfully' -> closes.
 */
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { jobStatusPath, type Role } from '@rainmakers/contracts';
import { type ChangeEvent, useEffect, useState } from 'react';
import { type JobStatus, useJobProgress } from '../../api/jobProgress';
import { useTags } from '../../api/tags';
import { useBulkUpdate, useValidateUsersCsv, type ValidateUsersCsvResponse } from '../../api/users';
import JobProgress from '../../components/JobProgress';
import { jobCount } from '../../components/jobProgressRules';
import { OptionPicker, type PickerOption } from '../../components/OptionPicker';
import { toast } from '../../components/toast';
import { emailsOf, IMPORT_ACCEPT, isZip, looksLikeText, withoutHeader } from './csvFile';
import { ROLE_OPTIONS } from './userForm';

type Step =
  | { name: 'preparing' }
  | { name: 'viewingReport'; emails: string[]; report: ValidateUsersCsvResponse }
  | { name: 'submitting'; emails: string[]; report: ValidateUsersCsvResponse; jobId: string | null }
  | { name: 'finished'; emails: string[]; report: ValidateUsersCsvResponse; result: JobStatus };

const FAILED = 'There has been a problem processing the request';

const NOT_A_TABLE =
  'This file is not a CSV table or an Excel workbook (.xlsx) with e-mail addresses in its first column.';

export default function BulkUpdateWizard({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'preparing' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [tags, setTags] = useState<PickerOption[]>([]);
  const [action, setAction] = useState<'add' | 'remove'>('add');
  const [role, setRole] = useState<Role | ''>('');
  const validate = useValidateUsersCsv();
  const update = useBulkUpdate();
  const tagOptions = useTags(step.name !== 'preparing');
  const busy = validate.isPending || step.name === 'submitting';
  const job = useJobProgress(step.name === 'submitting' && step.jobId ? jobStatusPath(step.jobId) : null);
  const progress = job.data;

  // The job's end: its report (and the toast), or back to the report to try again.
  useEffect(() => {
    if (step.name !== 'submitting' || !progress || progress.jobId !== step.jobId) return;
    if (progress.state === 'completed') {
      toast('Updated users sucessfully', 'success');
      setStep({ name: 'finished', emails: step.emails, report: step.report, result: progress });
    } else if (progress.state === 'failed') {
      toast(FAILED, 'error');
      setStep({ name: 'viewingReport', emails: step.emails, report: step.report });
    }
  }, [progress, step]);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let emails: string[];
    if (isZip(bytes)) {
      const { xlsxFirstColumn } = await import('./xlsxColumn');
      emails = withoutHeader(xlsxFirstColumn(bytes) ?? []);
    } else {
      const text = new TextDecoder().decode(bytes);
      emails = looksLikeText(text) ? emailsOf(text) : [];
    }
    if (emails.length === 0) {
      setFileError(NOT_A_TABLE);
      return;
    }
    validate.mutate(emails, {
      onSuccess: (report) => {
        toast('Validated CSV users sucessfully', 'success');
        setStep({ name: 'viewingReport', emails, report });
      },
      onError: () => toast('There was a problem validating CSV users', 'error'),
    });
  };

  const submit = () => {
    if (step.name !== 'viewingReport') return;
    setStep({ ...step, name: 'submitting', jobId: null });
    update.mutate(
      {
        userEmails: step.report.found.map((p) => p.email),
        tags: tags.map((t) => t.id),
        availableAction: action,
        role: role || null,
      },
      {
        onSuccess: (started) => setStep({ ...step, name: 'submitting', jobId: started.jobId }),
        onError: () => {
          toast(FAILED, 'error');
          setStep({ ...step, name: 'viewingReport' });
        },
      },
    );
  };

  const nothingChosen = tags.length === 0 && !role;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-update-title">
      <DialogTitle id="bulk-update-title">Bulk update from CSV</DialogTitle>
      <DialogContent dividers>
        {step.name === 'preparing' ? (
          <Stack spacing={2}>
            <Typography>
              Choose a CSV file or an Excel workbook (.xlsx) whose first column holds the e-mail addresses of the people
              to update. The next step shows who was found before anything changes.
            </Typography>
            <Box>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFileRounded />}
                loading={validate.isPending}
              >
                Choose CSV or Excel file
                <input type="file" accept={IMPORT_ACCEPT} hidden onChange={(e) => void readFile(e)} />
              </Button>
            </Box>
            {fileError && <Alert severity="error">{fileError}</Alert>}
          </Stack>
        ) : step.name === 'finished' ? (
          <FinalReport result={step.result} notFound={step.report.notFound.length} />
        ) : (
          <Stack spacing={2.5}>
            <Report report={step.report} />
            <OptionPicker
              label="Tags"
              options={tagOptions.data ?? []}
              value={tags}
              onChange={setTags}
              loading={tagOptions.isLoading}
              disabled={busy}
            />
            <FormControl disabled={busy || tags.length === 0}>
              <FormLabel id="bulk-action-label">With these tags</FormLabel>
              <RadioGroup
                row
                aria-labelledby="bulk-action-label"
                value={action}
                onChange={(event) => setAction(event.target.value as 'add' | 'remove')}
              >
                <FormControlLabel value="add" control={<Radio />} label="Add" />
                <FormControlLabel value="remove" control={<Radio />} label="Remove" />
              </RadioGroup>
            </FormControl>
            <FormControl fullWidth disabled={busy}>
              <InputLabel id="bulk-role-select">Role (optional)</InputLabel>
              <Select
                labelId="bulk-role-select"
                label="Role (optional)"
                value={role}
                onChange={(event) => setRole(event.target.value as Role | '')}
              >
                <MenuItem value="">Keep their roles</MenuItem>
                {ROLE_OPTIONS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {step.name === 'submitting' && (
              <JobProgress
                status={progress}
                labelId="bulk-progress-label"
                label={
                  progress && progress.total > 0
                    ? `Updating… ${progress.done} of ${progress.total} people`
                    : 'Updating…'
                }
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {step.name === 'finished' ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            Close
          </Button>
        ) : (
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        )}
        {(step.name === 'viewingReport' || step.name === 'submitting') && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={nothingChosen || step.report.found.length === 0}
            loading={step.name === 'submitting'}
            loadingPosition="start"
          >
            {step.name === 'submitting' ? 'Updating users…' : `Update ${step.report.found.length} user(s)`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function FinalReport({ result, notFound }: { result: JobStatus; notFound: number }) {
  const updated = jobCount(result, 'updated');
  return (
    <JobProgress
      status={result}
      labelId="bulk-final-label"
      label="The bulk update has finished."
      report={[
        { label: 'Changed', value: updated },
        { label: 'Already as asked', value: result.total - updated },
        { label: 'Not found', value: notFound },
      ]}
    />
  );
}

function Report({ report }: { report: ValidateUsersCsvResponse }) {
  const list = (title: string, items: string[], severity: 'success' | 'warning' | 'error') => (
    <Alert severity={severity} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography sx={{ fontWeight: 600 }}>
        {title}: {items.length}
      </Typography>
      {items.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 120, overflow: 'auto' }} tabIndex={0} aria-label={title}>
          {items.slice(0, 200).map((item) => (
            <li key={item}>{item}</li>
          ))}
          {items.length > 200 && <li>… and {items.length - 200} more</li>}
        </Box>
      )}
    </Alert>
  );
  return (
    <Stack spacing={1}>
      {list(
        'Found',
        report.found.map((p) => `${p.fullName} <${p.email}>`),
        'success',
      )}
      {list('Duplicate', report.duplicate, 'warning')}
      {list('Not found', report.notFound, 'error')}
    </Stack>
  );
}
