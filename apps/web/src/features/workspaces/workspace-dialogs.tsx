import {
  messages, workspaceAvatarMaxBytes, WorkspaceInputSchema, type WorkspaceDetail, type WorkspaceInput,
} from '@receta/domain';
import PersonRemove from '@mui/icons-material/PersonRemove';
import Upload from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { useNotify } from '../../lib/notify.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { WorkspaceAvatar } from './workspace-avatar.tsx';
import { useChangeWorkspace, usePeopleSearch, useWorkspace, type Person } from './workspaces-api.ts';

function NameForm({ initialName, submitLabel, onSave }: {
  initialName: string;
  submitLabel: string;
  onSave: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useForm<WorkspaceInput>({
    resolver: zodFormResolver(WorkspaceInputSchema),
    defaultValues: { name: initialName },
    mode: 'onTouched',
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(({ name }) => onSave(name))(event)} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <FormTextField control={control} name="name" label={t('workspaces.name')} required sx={{ flex: '1 1 220px' }} />
      <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ mt: 1 }}>{submitLabel}</Button>
    </Box>
  );
}

/** A new clinic: its name first; the image and members come in the workspace's own dialog. */
export function CreateWorkspaceDialog({ open, onClose, onCreated }: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const change = useChangeWorkspace();

  async function create(name: string) {
    try {
      const created = await change.mutateAsync({ kind: 'create', name });
      notify({ message: messages.workspaces.created, variant: 'success' });
      onClose();
      onCreated(created.id);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('workspaces.createTitle')}</DialogTitle>
      <DialogContent>
        {open && <Box sx={{ pt: 1 }}><NameForm initialName="" submitLabel={t('workspaces.create')} onSave={create} /></Box>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('resources.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One workspace: its name, its image and its members. */
export function WorkspaceDialog({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const workspace = useWorkspace(workspaceId);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={isPhone} scroll="paper">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>{workspace.data?.name ?? t('workspaces.title')}</DialogTitle>
      <DialogContent dividers>
        {workspace.isPending && <CircularProgress aria-label={t('resources.loading')} />}
        {workspace.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(workspace.error))}</Alert>}
        {workspace.data && <WorkspaceEditor workspace={workspace.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('workspaces.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function WorkspaceEditor({ workspace }: { workspace: WorkspaceDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangeWorkspace();

  async function run(action: Parameters<typeof change.mutateAsync>[0], success: string): Promise<boolean> {
    try {
      await change.mutateAsync(action);
      notify({ message: success, variant: 'success' });
      return true;
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
      return false;
    }
  }

  function uploadAvatar(file: File) {
    // The server checks the same; asking first saves sending a large file for nothing.
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      notify({ message: messages.workspaces.avatarInvalid, variant: 'error' });
      return;
    }
    if (file.size > workspaceAvatarMaxBytes) {
      notify({ message: messages.workspaces.avatarTooLarge, variant: 'error' });
      return;
    }
    void run({ kind: 'avatar', id: workspace.id, file }, messages.workspaces.avatarUpdated);
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Part title={t('workspaces.name')}>
        <NameForm
          key={workspace.name}
          initialName={workspace.name}
          submitLabel={t('workspaces.rename')}
          onSave={async (name) => {
            await run({ kind: 'rename', id: workspace.id, name }, messages.workspaces.edited);
          }}
        />
      </Part>
      <Part title={t('workspaces.avatar')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <WorkspaceAvatar name={workspace.name} avatarUri={workspace.avatarUri} size={64} />
          <Box>
            <FileChooserButton
              variant="outlined"
              startIcon={<Upload />}
              loading={change.isPending && change.variables.kind === 'avatar'}
              accept="image/png,image/jpeg"
              onFile={uploadAvatar}
            >
              {t('workspaces.chooseAvatar')}
            </FileChooserButton>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{t('workspaces.avatarHint')}</Typography>
          </Box>
        </Box>
      </Part>
      <Part title={t('workspaces.members')}>
        {workspace.members.length === 0
          ? <Typography color="text.secondary">{t('workspaces.noMembers')}</Typography>
          : (
              <List dense aria-label={t('workspaces.members')}>
                {workspace.members.map((member) => (
                  <ListItem
                    key={member.id}
                    secondaryAction={(
                      <IconButton
                        edge="end"
                        onClick={() => void run({ kind: 'removeMember', id: workspace.id, userId: member.id }, messages.workspaces.memberRemoved)}
                        aria-label={t('workspaces.removeMember', { name: member.displayName })}
                      >
                        <PersonRemove />
                      </IconButton>
                    )}
                  >
                    <ListItemText primary={member.displayName} secondary={`${member.email} · ${member.roleNames.join(', ')}`} sx={{ overflowWrap: 'anywhere', pr: 2 }} />
                  </ListItem>
                ))}
              </List>
            )}
        <AddMember onAdd={(person) => run({ kind: 'addMember', id: workspace.id, userId: person.id }, messages.workspaces.memberAdded)} />
      </Part>
    </Box>
  );
}

/** Finds a doctor or an administrator by name or email and adds them. */
function AddMember({ onAdd }: { onAdd: (person: Person) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [person, setPerson] = useState<Person | null>(null);
  const people = usePeopleSearch(useDebouncedValue(input));

  async function add() {
    if (person && await onAdd(person)) {
      setPerson(null);
      setInput('');
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}>
      <Autocomplete
        options={people.data ?? []}
        value={person}
        onChange={(_event, next) => setPerson(next)}
        inputValue={input}
        onInputChange={(_event, next) => setInput(next)}
        filterOptions={(options) => options}
        getOptionLabel={(option) => `${option.name} (${option.email})`}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionKey={(option) => option.id}
        loading={people.isFetching}
        loadingText={t('forms.loadingOptions')}
        noOptionsText={t('forms.noOptions')}
        openText={t('forms.openOptions')}
        closeText={t('forms.closeOptions')}
        clearText={t('forms.clearOption')}
        sx={{ flex: '1 1 260px' }}
        renderInput={(params) => <TextField {...params} label={t('workspaces.findPerson')} />}
      />
      <Button variant="outlined" disabled={!person} onClick={() => void add()} sx={{ mt: 1 }}>{t('workspaces.add')}</Button>
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
      {children}
    </Box>
  );
}
