import { zodResolver } from '@hookform/resolvers/zod';
import { MedicalCreateSchema, MedicalUpdateSchema, type MedicalDetail } from '@receta/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { emptyPersonalData, type PersonalDataValues } from '../../components/personal-data-fields.tsx';
import { emptyProfessionalData, type ProfessionalDataValues } from '../../components/professional-data-fields.tsx';

export interface MedicalFormValues extends PersonalDataValues, ProfessionalDataValues {
  email: string;
  referenceCode: string;
}

export const emptyMedicalForm: MedicalFormValues = { ...emptyPersonalData, ...emptyProfessionalData, email: '', referenceCode: '' };

/** The domain's schemas check the forms, with the registration's Spanish messages. */
export const medicalCreateResolver = zodResolver(MedicalCreateSchema) as unknown as Resolver<
  MedicalFormValues, unknown, z.output<typeof MedicalCreateSchema>
>;
export const medicalUpdateResolver = zodResolver(MedicalUpdateSchema) as unknown as Resolver<
  MedicalFormValues, unknown, z.output<typeof MedicalUpdateSchema>
>;

export function medicalFormOf(medic: MedicalDetail): MedicalFormValues {
  return {
    name: medic.name,
    lastName: medic.lastName,
    birthDate: medic.birthDate,
    dni: medic.dni,
    cuit: medic.cuit,
    phoneNumber: medic.phoneNumber,
    address: medic.address,
    apartment: medic.apartment ?? '',
    district: medic.district,
    province: medic.province,
    email: medic.email,
    professionCode: medic.profession.code,
    specialtyId: String(medic.specialty.id),
    jurisdictionCode: medic.jurisdiction.code,
    doctorEnrollment: medic.enrollment,
    referenceCode: medic.referenceCode ?? '',
  };
}
