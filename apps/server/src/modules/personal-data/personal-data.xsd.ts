// The published schema of the personal data export (PERSONAL_DATA_SCHEMA_PATH): docs/schemas/personal-data.xsd, copied
// because the server bundle carries no loose files; a test keeps both the same.
export const PERSONAL_DATA_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<!--
  The personal data export of the patient portal (spec 002, 2.9): GET /api/patients/{patientId}/export.
  Published at /api/schemas/personal-data.xsd. Dates are xs:date (calendar days, no zone), instants xs:dateTime
  in UTC. An element the record has no value for is left out. Text is XML 1.0: characters it cannot hold
  are written as U+FFFD. Message content and an education article's content are cleaned HTML, as text; a C-CDA
  document's content is its XML as received, as text; a note page is its file (PDF, PNG or JPEG) in base64.
  Questions, answer options and score messages are in the language the export was asked in.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns="urn:riverside-portal:personal-data:1"
           targetNamespace="urn:riverside-portal:personal-data:1"
           elementFormDefault="qualified"
           attributeFormDefault="unqualified">

  <xs:element name="personalData">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="patient" type="Patient"/>
        <xs:element name="account" type="Account" minOccurs="0"/>
        <xs:element name="contacts">
          <xs:complexType><xs:sequence>
            <xs:element name="contact" type="Contact" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="careTeam">
          <xs:complexType><xs:sequence>
            <xs:element name="member" type="CareTeamMember" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="appointments">
          <xs:complexType><xs:sequence>
            <xs:element name="appointment" type="Appointment" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="followUpPlans">
          <xs:complexType><xs:sequence>
            <xs:element name="plan" type="FollowUpPlan" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="followUps">
          <xs:complexType><xs:sequence>
            <xs:element name="followUp" type="FollowUp" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="results">
          <xs:complexType><xs:sequence>
            <xs:element name="result" type="Result" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="notes">
          <xs:complexType><xs:sequence>
            <xs:element name="note" type="Note" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="treatmentSummary">
          <xs:complexType><xs:sequence>
            <xs:element name="item" type="TreatmentSummaryItem" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="education">
          <xs:complexType><xs:sequence>
            <xs:element name="article" type="Article" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="questionnaires">
          <xs:complexType><xs:sequence>
            <xs:element name="questionnaire" type="Questionnaire" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="messages">
          <xs:complexType><xs:sequence>
            <xs:element name="message" type="Message" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="healthSummaries">
          <xs:complexType><xs:sequence>
            <xs:element name="document" type="HealthSummary" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="notificationSettings">
          <xs:complexType><xs:sequence>
            <xs:element name="setting" type="NotificationSetting" minOccurs="0" maxOccurs="unbounded"/>
            <xs:element name="reminders" type="Reminders" minOccurs="0"/>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="activityLog">
          <xs:complexType><xs:sequence>
            <xs:element name="event" type="ActivityEvent" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
      </xs:sequence>
      <xs:attribute name="exportedAt" type="xs:dateTime" use="required"/>
    </xs:complexType>
  </xs:element>
  <xs:complexType name="Patient">
    <xs:sequence>
      <xs:element name="mrn" type="xs:string"/>
      <xs:element name="firstName" type="xs:string"/>
      <xs:element name="middleName" type="xs:string" minOccurs="0"/>
      <xs:element name="lastName" type="xs:string"/>
      <xs:element name="suffix" type="xs:string" minOccurs="0"/>
      <xs:element name="dateOfBirth" type="xs:date"/>
      <xs:element name="sex" type="xs:string" minOccurs="0"/>
      <xs:element name="email" type="xs:string" minOccurs="0"/>
      <xs:element name="address1" type="xs:string" minOccurs="0"/>
      <xs:element name="address2" type="xs:string" minOccurs="0"/>
      <xs:element name="city" type="xs:string" minOccurs="0"/>
      <xs:element name="state" type="xs:string" minOccurs="0"/>
      <xs:element name="zipCode" type="xs:string" minOccurs="0"/>
      <xs:element name="country" type="xs:string" minOccurs="0"/>
      <xs:element name="homePhone" type="xs:string" minOccurs="0"/>
      <xs:element name="mobilePhone" type="xs:string" minOccurs="0"/>
      <xs:element name="preferredLanguage" type="xs:string" minOccurs="0"/>
      <xs:element name="registration" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="birthCountry" type="xs:string" minOccurs="0"/>
            <xs:element name="ethnicity" type="xs:string" minOccurs="0"/>
            <xs:element name="race" type="xs:string" minOccurs="0"/>
            <xs:element name="religion" type="xs:string" minOccurs="0"/>
            <xs:element name="primaryLanguage" type="xs:string" minOccurs="0"/>
            <xs:element name="citizenship" type="xs:string" minOccurs="0"/>
            <xs:element name="maritalStatus" type="xs:string" minOccurs="0"/>
            <xs:element name="mothersMaidenName" type="xs:string" minOccurs="0"/>
            <xs:element name="occupation" type="xs:string" minOccurs="0"/>
            <xs:element name="preferredCommunication" type="xs:string" minOccurs="0"/>
            <xs:element name="insuranceNote" type="xs:string" minOccurs="0"/>
            <xs:element name="advancedDirectiveNote" type="xs:string" minOccurs="0"/>
            <xs:element name="isClinicalTrial" type="xs:boolean"/>
            <xs:element name="clinicalTrialId" type="xs:string" minOccurs="0"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="Account">
    <xs:sequence>
      <xs:element name="username" type="xs:string"/>
      <xs:element name="email" type="xs:string" minOccurs="0"/>
      <xs:element name="preferredLanguage" type="xs:string" minOccurs="0"/>
      <xs:element name="singleSignOn" type="xs:boolean"/>
      <xs:element name="createdAt" type="xs:dateTime"/>
      <xs:element name="preferences">
        <xs:complexType><xs:sequence>
          <xs:element name="preference" minOccurs="0" maxOccurs="unbounded">
            <xs:complexType>
              <xs:simpleContent>
                <xs:extension base="xs:string">
                  <xs:attribute name="name" type="xs:string" use="required"/>
                </xs:extension>
              </xs:simpleContent>
            </xs:complexType>
          </xs:element>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="Contact">
    <xs:sequence>
      <xs:element name="firstName" type="xs:string"/>
      <xs:element name="lastName" type="xs:string"/>
      <xs:element name="suffix" type="xs:string" minOccurs="0"/>
      <xs:element name="relationship" type="xs:string" minOccurs="0"/>
      <xs:element name="isPrimaryContact" type="xs:boolean"/>
      <xs:element name="isNextOfKin" type="xs:boolean"/>
      <xs:element name="providesTransport" type="xs:boolean"/>
      <xs:element name="usePatientAddress" type="xs:boolean"/>
      <xs:element name="address1" type="xs:string" minOccurs="0"/>
      <xs:element name="address2" type="xs:string" minOccurs="0"/>
      <xs:element name="city" type="xs:string" minOccurs="0"/>
      <xs:element name="state" type="xs:string" minOccurs="0"/>
      <xs:element name="zipCode" type="xs:string" minOccurs="0"/>
      <xs:element name="country" type="xs:string" minOccurs="0"/>
      <xs:element name="homePhone" type="xs:string" minOccurs="0"/>
      <xs:element name="mobilePhone" type="xs:string" minOccurs="0"/>
      <xs:element name="workPhone" type="xs:string" minOccurs="0"/>
      <xs:element name="email" type="xs:string" minOccurs="0"/>
      <xs:element name="isAuthorizedRepresentative" type="xs:boolean"/>
      <xs:element name="isAuthorizedRepresentativeActive" type="xs:boolean"/>
      <xs:element name="isActive" type="xs:boolean"/>
      <xs:element name="createdAt" type="xs:dateTime"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="CareTeamMember">
    <xs:sequence>
      <xs:element name="firstName" type="xs:string"/>
      <xs:element name="lastName" type="xs:string"/>
      <xs:element name="suffix" type="xs:string" minOccurs="0"/>
      <xs:element name="title" type="xs:string" minOccurs="0"/>
      <xs:element name="titleCode" type="xs:string" minOccurs="0"/>
      <xs:element name="institution" type="xs:string" minOccurs="0"/>
      <xs:element name="email" type="xs:string" minOccurs="0"/>
      <xs:element name="phone" type="xs:string" minOccurs="0"/>
      <xs:element name="phoneExt" type="xs:string" minOccurs="0"/>
      <xs:element name="fax" type="xs:string" minOccurs="0"/>
      <xs:element name="address1" type="xs:string" minOccurs="0"/>
      <xs:element name="address2" type="xs:string" minOccurs="0"/>
      <xs:element name="address3" type="xs:string" minOccurs="0"/>
      <xs:element name="city" type="xs:string" minOccurs="0"/>
      <xs:element name="state" type="xs:string" minOccurs="0"/>
      <xs:element name="zipCode" type="xs:string" minOccurs="0"/>
      <xs:element name="country" type="xs:string" minOccurs="0"/>
      <xs:element name="takesSecureMessages" type="xs:boolean"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="Appointment">
    <xs:sequence>
      <xs:element name="startsAt" type="xs:dateTime"/>
      <xs:element name="hasTimePart" type="xs:boolean"/>
      <xs:element name="timeZoneId" type="xs:string"/>
      <xs:element name="appointmentType" type="xs:string"/>
      <xs:element name="provider" type="xs:string"/>
      <xs:element name="status" type="xs:string"/>
      <xs:element name="institution" type="xs:string" minOccurs="0"/>
      <xs:element name="location" type="xs:string" minOccurs="0"/>
      <xs:element name="address1" type="xs:string" minOccurs="0"/>
      <xs:element name="address2" type="xs:string" minOccurs="0"/>
      <xs:element name="address3" type="xs:string" minOccurs="0"/>
      <xs:element name="city" type="xs:string" minOccurs="0"/>
      <xs:element name="provinceState" type="xs:string" minOccurs="0"/>
      <xs:element name="postalZip" type="xs:string" minOccurs="0"/>
      <xs:element name="country" type="xs:string" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="FollowUpPlan">
    <xs:sequence>
      <xs:element name="startDate" type="xs:date"/>
      <xs:element name="memoToPatient" type="xs:string" minOccurs="0"/>
      <xs:element name="archived" type="xs:boolean"/>
      <xs:element name="guidelines">
        <xs:complexType><xs:sequence>
          <xs:element name="guideline" minOccurs="0" maxOccurs="unbounded">
            <xs:complexType><xs:sequence>
              <xs:element name="name" type="xs:string"/>
              <xs:element name="effectiveDate" type="xs:date" minOccurs="0"/>
            </xs:sequence></xs:complexType>
          </xs:element>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <!-- A follow-up of a plan (planId names it in followUpPlans), with its tasks. -->
  <xs:complexType name="FollowUp">
    <xs:sequence>
      <xs:element name="recommendedDate" type="xs:date"/>
      <xs:element name="actualDate" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="status" type="xs:string"/>
      <xs:element name="providerFirstName" type="xs:string" minOccurs="0"/>
      <xs:element name="providerLastName" type="xs:string" minOccurs="0"/>
      <xs:element name="tasks">
        <xs:complexType><xs:sequence>
          <xs:element name="task" minOccurs="0" maxOccurs="unbounded">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="name" type="xs:string" minOccurs="0"/>
                <xs:element name="addressed" type="xs:boolean"/>
                <xs:element name="note" type="xs:string" minOccurs="0"/>
              </xs:sequence>
              <xs:attribute name="categoryId" type="xs:integer" use="required"/>
            </xs:complexType>
          </xs:element>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
    <xs:attribute name="planId" type="xs:positiveInteger"/>
  </xs:complexType>
  <xs:complexType name="Result">
    <xs:sequence>
      <xs:element name="collectedAt" type="xs:dateTime"/>
      <xs:element name="status" type="xs:string" minOccurs="0"/>
      <xs:element name="requestingPhysician" type="xs:string" minOccurs="0"/>
      <xs:element name="labName" type="xs:string" minOccurs="0"/>
      <xs:element name="labAddress" type="xs:string" minOccurs="0"/>
      <xs:element name="comment" type="xs:string" minOccurs="0"/>
      <xs:element name="noteToPatient" type="xs:string" minOccurs="0"/>
      <xs:element name="reviewed" type="xs:boolean"/>
      <xs:element name="reviewedAt" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="tests">
        <xs:complexType><xs:sequence>
          <xs:element name="test" minOccurs="0" maxOccurs="unbounded">
            <xs:complexType><xs:sequence>
              <xs:element name="group" type="xs:string"/>
              <xs:element name="name" type="xs:string"/>
              <xs:element name="value" type="xs:string" minOccurs="0"/>
              <xs:element name="unit" type="xs:string" minOccurs="0"/>
              <xs:element name="referenceRange" type="xs:string" minOccurs="0"/>
              <xs:element name="abnormalFlag" type="xs:string" minOccurs="0"/>
              <xs:element name="status" type="xs:string" minOccurs="0"/>
              <xs:element name="comment" type="xs:string" minOccurs="0"/>
            </xs:sequence></xs:complexType>
          </xs:element>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="Note">
    <xs:sequence>
      <xs:element name="serviceDate" type="xs:date"/>
      <xs:element name="documentType" type="xs:string"/>
      <xs:element name="authoredBy" type="xs:string"/>
      <xs:element name="status" type="xs:string"/>
      <xs:element name="noteToPatient" type="xs:string" minOccurs="0"/>
      <xs:element name="publishedAt" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="reviewed" type="xs:boolean"/>
      <xs:element name="reviewedAt" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="pages">
        <xs:complexType><xs:sequence>
          <xs:element name="page" minOccurs="0" maxOccurs="unbounded">
            <xs:complexType>
              <xs:simpleContent>
                <xs:extension base="xs:base64Binary">
                  <xs:attribute name="number" type="xs:positiveInteger" use="required"/>
                  <xs:attribute name="contentType" type="xs:string" use="required"/>
                </xs:extension>
              </xs:simpleContent>
            </xs:complexType>
          </xs:element>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="TreatmentSummaryItem">
    <xs:sequence>
      <xs:element name="field" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:simpleContent>
            <xs:extension base="xs:string">
              <xs:attribute name="name" type="xs:string" use="required"/>
            </xs:extension>
          </xs:simpleContent>
        </xs:complexType>
      </xs:element>
      <xs:element name="nullMessage" type="xs:string" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
    <xs:attribute name="group" type="xs:string" use="required"/>
  </xs:complexType>
  <xs:complexType name="Article">
    <xs:sequence>
      <xs:element name="title" type="xs:string"/>
      <xs:element name="category" type="xs:string"/>
      <xs:element name="assignedDate" type="xs:date"/>
      <xs:element name="readAt" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="archived" type="xs:boolean"/>
      <xs:element name="language" type="xs:string" minOccurs="0"/>
      <xs:element name="content" type="xs:string"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="Questionnaire">
    <xs:sequence>
      <xs:element name="title" type="xs:string"/>
      <xs:element name="availableFrom" type="xs:date"/>
      <xs:element name="dueDate" type="xs:date"/>
      <xs:element name="status" type="xs:string"/>
      <xs:element name="completedAt" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="answeredBy" type="xs:string" minOccurs="0"/>
      <xs:element name="draftSavedAt" type="xs:dateTime" minOccurs="0"/>
      <xs:element name="answers">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="answer" minOccurs="0" maxOccurs="unbounded">
              <xs:complexType>
                <xs:sequence>
                  <xs:element name="questionNumber" type="xs:string" minOccurs="0"/>
                  <xs:element name="question" type="xs:string" minOccurs="0"/>
                  <xs:element name="checked" type="xs:boolean" minOccurs="0"/>
                  <xs:element name="number" type="xs:double" minOccurs="0"/>
                  <xs:element name="text" type="xs:string" minOccurs="0"/>
                  <xs:element name="date" type="xs:date" minOccurs="0"/>
                  <xs:element name="otherText" type="xs:string" minOccurs="0"/>
                  <!-- The option chosen (listAnswerId): its text, its code and code system, its score. -->
                  <xs:element name="option" minOccurs="0">
                    <xs:complexType>
                      <xs:simpleContent>
                        <xs:extension base="xs:string">
                          <xs:attribute name="code" type="xs:string"/>
                          <xs:attribute name="system" type="xs:string"/>
                          <xs:attribute name="score" type="xs:double"/>
                        </xs:extension>
                      </xs:simpleContent>
                    </xs:complexType>
                  </xs:element>
                </xs:sequence>
                <xs:attribute name="itemId" type="xs:nonNegativeInteger" use="required"/>
                <xs:attribute name="listAnswerId" type="xs:positiveInteger"/>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
          <xs:attribute name="kind" use="required">
            <xs:simpleType>
              <xs:restriction base="xs:string">
                <xs:enumeration value="submitted"/>
                <xs:enumeration value="draft"/>
              </xs:restriction>
            </xs:simpleType>
          </xs:attribute>
        </xs:complexType>
      </xs:element>
      <!-- The scores of a submitted questionnaire as the patient read them on completion: the message of the
           template's range the score falls in (else the facility's band label), the facility's band label. -->
      <xs:element name="scores" minOccurs="0">
        <xs:complexType><xs:sequence>
          <xs:element name="score" minOccurs="0" maxOccurs="unbounded">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="name" type="xs:string"/>
                <xs:element name="value" type="xs:double"/>
                <xs:element name="message" type="xs:string" minOccurs="0"/>
                <xs:element name="interpretation" type="xs:string" minOccurs="0"/>
              </xs:sequence>
              <xs:attribute name="code" type="xs:string" use="required"/>
            </xs:complexType>
          </xs:element>
        </xs:sequence></xs:complexType>
      </xs:element>
      <!-- The facility's safety messages (a crisis line) the answers met, as shown after the scores. -->
      <xs:element name="safetyMessages" minOccurs="0">
        <xs:complexType><xs:sequence>
          <xs:element name="message" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="Message">
    <xs:sequence>
      <xs:element name="subject" type="xs:string"/>
      <xs:element name="careProvider" type="xs:string" minOccurs="0"/>
      <xs:element name="sentAt" type="xs:dateTime"/>
      <xs:element name="from">
        <xs:simpleType>
          <xs:restriction base="xs:string">
            <xs:enumeration value="patient"/>
            <xs:enumeration value="careTeam"/>
          </xs:restriction>
        </xs:simpleType>
      </xs:element>
      <xs:element name="sender" type="xs:string"/>
      <xs:element name="content" type="xs:string"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
    <xs:attribute name="threadId" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="HealthSummary">
    <xs:sequence>
      <xs:element name="system" type="xs:string"/>
      <xs:element name="title" type="xs:string"/>
      <xs:element name="documentType" type="xs:string" minOccurs="0"/>
      <xs:element name="documentDate" type="xs:date"/>
      <xs:element name="author" type="xs:string" minOccurs="0"/>
      <xs:element name="organization" type="xs:string" minOccurs="0"/>
      <xs:element name="encounterDate" type="xs:date" minOccurs="0"/>
      <xs:element name="visitType" type="xs:string" minOccurs="0"/>
      <xs:element name="sizeBytes" type="xs:nonNegativeInteger"/>
      <xs:element name="receivedAt" type="xs:dateTime"/>
      <xs:element name="content" type="xs:string" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
  <xs:complexType name="NotificationSetting">
    <xs:attribute name="type" type="xs:string" use="required"/>
    <xs:attribute name="email" type="xs:boolean" use="required"/>
    <xs:attribute name="sms" type="xs:boolean" use="required"/>
  </xs:complexType>
  <!-- Where notices go and when reminders come; the timing is one of off, monthlyDigest, weeklyDigest,
       fourWeeksBefore, threeWeeksBefore, twoWeeksBefore, oneWeekBefore, threeDaysBefore, twoDaysBefore,
       oneDayBefore, onDayOf. -->
  <xs:complexType name="Reminders">
    <xs:sequence>
      <xs:element name="usePrimaryEmail" type="xs:boolean"/>
      <xs:element name="otherEmail" type="xs:string" minOccurs="0"/>
      <xs:element name="smsPhone" type="xs:string" minOccurs="0"/>
      <xs:element name="appointmentReminder" type="xs:string"/>
      <xs:element name="followUpReminder" type="xs:string"/>
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="ActivityEvent">
    <xs:sequence>
      <xs:element name="occurredAt" type="xs:dateTime"/>
      <xs:element name="type" type="xs:string"/>
      <xs:element name="name" type="xs:string"/>
      <xs:element name="outcome">
        <xs:simpleType>
          <xs:restriction base="xs:string">
            <xs:enumeration value="success"/>
            <xs:enumeration value="failure"/>
          </xs:restriction>
        </xs:simpleType>
      </xs:element>
      <xs:element name="who" type="xs:string"/>
      <xs:element name="relationship" type="xs:string" minOccurs="0"/>
      <xs:element name="system" type="xs:string" minOccurs="0"/>
      <xs:element name="route" type="xs:string" minOccurs="0"/>
      <xs:element name="address" type="xs:string" minOccurs="0"/>
      <!-- To whom a send went: the address, the care provider or the system; only its domain where the row
           recorded no more. -->
      <xs:element name="addressee" type="xs:string" minOccurs="0"/>
      <xs:element name="addresseeDomain" type="xs:string" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:positiveInteger" use="required"/>
  </xs:complexType>
</xs:schema>
`;
