import { antigenResults, formatDisplayDate, messages, type Employee } from '@receta/domain';
import Edit from '@mui/icons-material/Edit';
import Science from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { AntigenResultChip } from './antigen-result-chip.tsx';
import { EmployeeTestsDialog } from './employee-tests-dialog.tsx';
import { useDeleteEmployees, useEmployees, type EmployeeSort, type LastResultFilter } from './employees-api.ts';

const resultFilters = [...antigenResults, 'none'] as const satisfies readonly LastResultFilter[];
const phoneOnly = { display: { xs: 'block', md: 'none' } } as const;

/** The tests dialog; the employee stays while the dialog fades out. */
interface Viewing {
  isOpen: boolean;
  employee?: Employee;
}

/**
 * Employees with their last antigen result, filtered by it: the signed-in owner's, or those of
 * `ownerId` for an antigens administrator. Editing shows only where the page offers `onEdit`.
 */
export function EmployeesList({ ownerId, onEdit }: { ownerId?: string; onEdit?: (employee: Employee) => void }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<EmployeeSort>('lastName');
  const [lastResult, setLastResult] = useState<LastResultFilter | undefined>();
  const employees = useEmployees({ ...list.query, lastResult, ownerId });
  const deleteEmployees = useDeleteEmployees();
  const [viewing, setViewing] = useState<Viewing>({ isOpen: false });
  const canEdit = onEdit !== undefined && scope.includes('edit.employee');
  const canSeeTests = scope.includes('show.employee') || scope.includes('owner.employee');
  const fullName = (employee: Employee) => `${employee.lastName}, ${employee.name}`;
  const isFiltered = list.debouncedSearch.trim() !== '' || lastResult !== undefined;

  function filterBy(result: LastResultFilter | undefined) {
    setLastResult(result);
    list.pagination.setPageIndex(0);
  }

  const columns: ResourceColumn<Employee, EmployeeSort>[] = [
    {
      id: 'lastName',
      label: t('antigens.employees.columns.lastName'),
      sort: 'lastName',
      render: (employee) => (
        <>
          <Typography sx={{ fontWeight: 500 }}>{employee.lastName}</Typography>
          {/* Phones hide the other columns: the name and DNI tell two namesakes apart, then the last result. */}
          <Box sx={phoneOnly}>
            <Typography variant="body2" color="text.secondary">
              {`${employee.name} · ${t('antigens.employees.columns.dni')} ${employee.dni}`}
            </Typography>
            <Box sx={{ mt: 0.5 }}><AntigenResultChip result={employee.lastResult} /></Box>
          </Box>
        </>
      ),
    },
    { id: 'name', label: t('antigens.employees.columns.name'), isWide: true, render: (employee) => employee.name },
    { id: 'dni', label: t('antigens.employees.columns.dni'), sort: 'dni', isWide: true, render: (employee) => <Unbroken text={employee.dni} /> },
    { id: 'position', label: t('antigens.employees.columns.position'), isWide: true, render: (employee) => employee.position ?? '—' },
    {
      id: 'lastResult',
      label: t('antigens.employees.columns.lastResult'),
      isWide: true,
      render: (employee) => <AntigenResultChip result={employee.lastResult} />,
    },
    {
      id: 'lastTestedOn',
      label: t('antigens.employees.columns.lastTestedOn'),
      sort: 'lastTestedOn',
      isWide: true,
      render: (employee) => <Unbroken text={employee.lastTestedOn ? formatDisplayDate(employee.lastTestedOn) : '—'} />,
    },
    {
      id: 'actions',
      label: t('antigens.employees.columns.actions'),
      align: 'right',
      render: (employee) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          {canSeeTests && (
            <IconButton onClick={() => setViewing({ isOpen: true, employee })} aria-label={t('antigens.tests.openNamed', { name: fullName(employee) })}>
              <Science />
            </IconButton>
          )}
          {canEdit && (
            <IconButton onClick={() => onEdit(employee)} aria-label={t('antigens.employees.editNamed', { name: fullName(employee) })}>
              <Edit />
            </IconButton>
          )}
        </Box>
      ),
    },
  ];

  return (
    <>
      <ResourceTable
        label={t('antigens.employees.title')}
        columns={columns}
        rows={employees.data?.items ?? []}
        total={employees.data?.total ?? 0}
        list={list}
        query={employees}
        getRowId={(employee) => employee.id}
        getRowLabel={fullName}
        searchLabel={t('antigens.employees.search')}
        emptyMessage={isFiltered ? messages.employees.notFound : messages.employees.empty}
        filters={(
          <Box role="group" aria-label={t('antigens.employees.resultFilter')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <FilterChip label={t('antigens.employees.allResults')} isChosen={lastResult === undefined} onClick={() => filterBy(undefined)} />
            {resultFilters.map((result) => (
              <FilterChip
                key={result}
                label={result === 'none' ? t('antigens.employees.untested') : t(`labels.antigenResults.${result}`)}
                isChosen={lastResult === result}
                onClick={() => filterBy(result)}
              />
            ))}
          </Box>
        )}
        onDelete={scope.includes('destroy.employee') ? deleteEmployees : undefined}
        deleteQuestion={(count) => t('antigens.employees.deleteQuestion', { count })}
      />
      {viewing.employee && (
        <EmployeeTestsDialog
          open={viewing.isOpen}
          employee={viewing.employee}
          onClose={() => setViewing((current) => ({ ...current, isOpen: false }))}
        />
      )}
    </>
  );
}

function FilterChip({ label, isChosen, onClick }: { label: string; isChosen: boolean; onClick: () => void }) {
  return (
    <Chip
      label={label}
      color={isChosen ? 'primary' : 'default'}
      variant={isChosen ? 'filled' : 'outlined'}
      onClick={onClick}
      aria-pressed={isChosen}
    />
  );
}

/** A DNI or a date, which reads wrong broken over two lines. */
function Unbroken({ text }: { text: string }) {
  return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;
}
