import type { MedicalDetail } from '@receta/domain';
import { emptyPersonalData, type PersonalDataValues } from '../../components/personal-data-fields.tsx';
import { emptyProfessionalData, type ProfessionalDataValues } from '../../components/professional-data-fields.tsx';

export interface MedicalFormValues extends PersonalDataValues, ProfessionalDataValues {
  email: string;
  referenceCode: string;
}

export const emptyMedicalForm: MedicalFormValues = {
  ...emptyPersonalData, ...emptyProfessionalData, email: '', referenceCode: '',
};

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
    refepsCode: medic.refepsCode ?? '',
    referenceCode: medic.referenceCode ?? '',
  };
}
