import Alert from '@mui/material/Alert';
import { type FormEvent, useState } from 'react';
import { type AssistantKey, usePrompts, useSavePrompt } from '../../api/ai';
import { errorMessage } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';

/** Admins: the system prompt of one assistant. */
export default function PromptDialog({
  assistant,
  name,
  onClose,
}: {
  assistant: AssistantKey;
  name: string;
  onClose: () => void;
}) {
  const prompts = usePrompts(true);
  const current = prompts.data?.find((p) => p.key === assistant)?.systemPrompt;
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSavePrompt();
  const value = draft ?? current ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    save.mutate(
      { key: assistant, systemPrompt: value },
      {
        onSuccess: () => {
          toast('Prompt saved successfully', 'success');
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      titleId="prompt-title"
      title={`System prompt: ${name}`}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      saveDisabled={!value.trim() || prompts.isPending}
    >
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <FormField
        label="System prompt"
        name="systemPrompt"
        value={value}
        onChange={(e) => setDraft(e.target.value)}
        multiline
        minRows={6}
        disabled={prompts.isPending}
        helperText="What the assistant is told before every conversation."
      />
    </FormDialog>
  );
}
