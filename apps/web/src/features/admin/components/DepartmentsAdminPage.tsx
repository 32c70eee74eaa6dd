import { useMemo, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { z } from 'zod';
import { departmentCreateSchema, departmentUpdateSchema, type Department } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetCategoriesQuery, useGetDepartmentsQuery } from '../../catalog';
import { useCreateDepartmentMutation, useDeleteDepartmentMutation, useRenameDepartmentMutation } from '../api/adminApi';
import { useAdminForm } from '../useAdminForm';
import { Choices } from './Choices';
import { ArabicField } from './ArabicField';
import { Field } from './Field';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';
import { paths } from '../../../lib/paths';

const deleteSchema = z.object({ id: departmentUpdateSchema.shape.id });

/** DepartmentsAdmin: add, rename and delete departments, beside the list of them with their category counts. */
export function DepartmentsAdminPage() {
  const { t } = useTranslation();
  const local = useLocalized();
  const query = useGetDepartmentsQuery();
  const departments = query.data;
  const { data: categories } = useGetCategoriesQuery();
  const categoryCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const category of categories ?? [])
      counts.set(category.department._id, (counts.get(category.department._id) ?? 0) + 1);
    return counts;
  }, [categories]);

  return (
    <>
      <PageHeader title={t('admin.departments.title')} subtitle={t('admin.departments.subtitle')} />
      <Row className="g-3">
        <Col lg={5} className="d-grid gap-3 align-content-start">
          <AddDepartmentForm />
          <RenameDepartmentForm departments={departments} />
          <DeleteDepartmentForm departments={departments} />
        </Col>
        <Col lg={7}>
          <section className="dash-card p-0" aria-labelledby="departments-list">
            <h2 id="departments-list" className="dash-card-title px-3 pt-3">
              {t('admin.departments.all', { count: departments?.length ?? 0 })}
            </h2>
            <QueryState query={query} within="card" lines={6} empty={{ title: t('admin.departments.none') }}>
              {(departments) => (
                <ScrollTable caption={t('admin.departments.title')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.departments.name')}</th>
                      <th scope="col" className="text-end">
                        {t('admin.departments.categories')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {departments.map((department) => (
                      <tr key={department._id}>
                        <td>
                          <Link to={paths.department(department._id)} className="tap-inline">
                            <Localized value={local.name(department)} />
                          </Link>
                        </td>
                        <td className="text-end">{categoryCount.get(department._id) ?? 0}</td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              )}
            </QueryState>
          </section>
        </Col>
      </Row>
    </>
  );
}

/** One of the three forms: a titled card whose button shows a spinner while the server answers. */
function FormCard({
  id,
  title,
  submitLabel,
  busy,
  danger,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  busy: boolean;
  danger?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <section className="dash-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dash-card-title">
        {title}
      </h2>
      <Form
        id={id}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <Button type="submit" variant={danger ? 'outline-danger' : 'primary'} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </Form>
    </section>
  );
}

function AddDepartmentForm() {
  const { t } = useTranslation();
  const [create, { isLoading }] = useCreateDepartmentMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useAdminForm(
    departmentCreateSchema,
    { name: '', nameAr: '' },
    (values) => create(values).unwrap(),
    t('admin.toasts.departmentAdded'),
  );
  return (
    <FormCard
      id="department-add"
      title={t('admin.departments.add')}
      submitLabel={t('admin.departments.addSubmit')}
      busy={isLoading}
      onSubmit={() => void submit()}
    >
      <Field id="department-add-name" label={t('admin.form.name')} error={errors.name?.message}>
        {(a11y) => <Form.Control {...a11y} {...register('name')} maxLength={200} />}
      </Field>
      <ArabicField
        id="department-add-name-ar"
        kind="name"
        registration={register('nameAr')}
        error={errors.nameAr?.message}
      />
    </FormCard>
  );
}

function RenameDepartmentForm({ departments }: { departments?: Department[] }) {
  const { t } = useTranslation();
  const [rename, { isLoading }] = useRenameDepartmentMutation();
  const {
    register,
    submit,
    setValue,
    formState: { errors },
  } = useAdminForm(
    departmentUpdateSchema,
    { id: '', name: '', nameAr: '' },
    (values) => rename(values).unwrap(),
    t('admin.toasts.departmentUpdated'),
  );
  return (
    <FormCard
      id="department-rename"
      title={t('admin.departments.rename')}
      submitLabel={t('admin.departments.renameSubmit')}
      busy={isLoading}
      onSubmit={() => void submit()}
    >
      <Field id="department-rename-department" label={t('admin.form.department')} error={errors.id?.message}>
        {(a11y) => (
          <Form.Select
            {...a11y}
            {...register('id', {
              // The current names are the starting point of the new ones.
              onChange: (event: { target: { value: string } }) => {
                const chosen = departments?.find((d) => d._id === event.target.value);
                setValue('name', chosen?.name ?? '', { shouldValidate: true });
                setValue('nameAr', chosen?.nameAr ?? '', { shouldValidate: true });
              },
            })}
          >
            <Choices placeholder={t('admin.form.chooseDepartment')} items={departments} />
          </Form.Select>
        )}
      </Field>
      <Field id="department-rename-name" label={t('admin.departments.newName')} error={errors.name?.message}>
        {(a11y) => <Form.Control {...a11y} {...register('name')} maxLength={200} />}
      </Field>
      <ArabicField
        id="department-rename-name-ar"
        kind="name"
        registration={register('nameAr')}
        error={errors.nameAr?.message}
      />
    </FormCard>
  );
}

function DeleteDepartmentForm({ departments }: { departments?: Department[] }) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useDeleteDepartmentMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useAdminForm(deleteSchema, { id: '' }, ({ id }) => remove(id).unwrap(), t('admin.toasts.departmentDeleted'));
  return (
    <FormCard
      id="department-delete"
      title={t('admin.departments.delete')}
      submitLabel={t('admin.departments.deleteSubmit')}
      busy={isLoading}
      danger
      onSubmit={() => void submit()}
    >
      <Field
        id="department-delete-department"
        label={t('admin.form.department')}
        error={errors.id?.message}
        hint={t('admin.departments.deleteHint')}
      >
        {(a11y) => (
          <Form.Select {...a11y} {...register('id')}>
            <Choices placeholder={t('admin.form.chooseDepartment')} items={departments} />
          </Form.Select>
        )}
      </Field>
    </FormCard>
  );
}
